import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType, questionTypeMessages } from '@user-office/contracts';
import { QuestionaryStepForm } from './QuestionaryStepForm';
import { dependsOn, mockGraphql, renderWithProviders, testField } from './test-helpers';
import type { QuestionaryStepData, WizardStepContext } from './types';

jest.mock('./inputs', () => ({
  questionInputs: (jest.requireActual('./test-helpers') as typeof import('./test-helpers'))
    .testQuestionInputs,
}));

const step: QuestionaryStepData = {
  topic: { id: 7, title: 'Sample', sortOrder: 0, isEnabled: true },
  isCompleted: false,
  fields: [
    testField('aim', DataType.TEXT_INPUT, { required: true, max: 20 }, { sortOrder: 0 }),
    testField('toxic', DataType.BOOLEAN, {}, { sortOrder: 1 }),
    testField(
      'details',
      DataType.TEXT_INPUT,
      { required: true },
      { sortOrder: 2, dependencies: dependsOn('details', 'toxic') },
    ),
  ],
};

function savedStep(variables: Record<string, unknown>) {
  const answers = variables.answers as { questionId: string; value: string }[];
  const values = Object.fromEntries(
    answers.map((a) => [a.questionId, (JSON.parse(a.value) as { value: unknown }).value]),
  );
  return {
    data: {
      answerTopic: {
        topic: step.topic,
        isCompleted: variables.isPartialSave !== true,
        fields: step.fields.map((f) => ({ ...f, value: values[f.question.id] ?? null })),
      },
    },
  };
}

function context(): WizardStepContext & {
  [K in 'goBack' | 'goNext' | 'setDirty' | 'reload' | 'notify']: jest.Mock;
} {
  return {
    readonly: false,
    isFirst: false,
    isLast: false,
    goBack: jest.fn(),
    goNext: jest.fn(),
    setDirty: jest.fn(),
    reload: jest.fn(async () => undefined),
    notify: jest.fn(),
  };
}

const answersOf = (variables: Record<string, unknown>) =>
  Object.fromEntries(
    (variables.answers as { questionId: string; value: string }[]).map((a) => [
      a.questionId,
      JSON.parse(a.value),
    ]),
  );

describe('QuestionaryStepForm', () => {
  it('shows a dependent question only while its condition holds and does not send its answer when hidden', async () => {
    const user = userEvent.setup();
    const calls = mockGraphql((_op, variables) => savedStep(variables));
    const ctx = context();
    renderWithProviders(
      <QuestionaryStepForm step={step} questionaryId={3} context={ctx} owner={{ proposalPk: 1 }} />,
    );

    expect(screen.queryByLabelText('Question details')).toBeNull();
    await user.click(screen.getByLabelText('Question toxic'));
    expect(screen.getByLabelText('Question details')).toBeTruthy();
    await user.type(screen.getByLabelText('Question details'), 'Beryllium');
    await user.click(screen.getByLabelText('Question toxic'));
    expect(screen.queryByLabelText('Question details')).toBeNull();

    await user.type(screen.getByLabelText('Question aim'), 'Magnetism');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(ctx.goNext).toHaveBeenCalled());
    const saves = calls.filter((c) => c.operationName === 'QuestionaryAnswerTopic');
    expect(saves).toHaveLength(1);
    expect(saves[0].variables).toMatchObject({ questionaryId: 3, topicId: 7, isPartialSave: false });
    expect(answersOf(saves[0].variables)).toEqual({ aim: { value: 'Magnetism' }, toxic: { value: false } });
  });

  it('Save checks only what was given and keeps the step incomplete; Save and continue requires every answer', async () => {
    const user = userEvent.setup();
    const calls = mockGraphql((_op, variables) => savedStep(variables));
    const ctx = context();
    renderWithProviders(
      <QuestionaryStepForm step={step} questionaryId={3} context={ctx} owner={{ proposalPk: 1 }} />,
    );

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(questionTypeMessages.requiredField);
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(ctx.notify).toHaveBeenCalledWith('Saved'));
    expect(calls).toHaveLength(1);
    expect(calls[0].variables).toMatchObject({ isPartialSave: true });
    expect(answersOf(calls[0].variables)).toEqual({ aim: { value: '' }, toxic: { value: false } });
    expect(ctx.reload).toHaveBeenCalled();
    expect(ctx.goNext).not.toHaveBeenCalled();

    // a broken value stops Save too (the registry's message, as the server)
    await user.type(screen.getByLabelText('Question aim'), 'x'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(questionTypeMessages.textMax(20));
    expect(calls).toHaveLength(1);
  });

  it('shows the server field errors on their questions', async () => {
    const user = userEvent.setup();
    mockGraphql(() => ({
      errors: [
        {
          message: 'Refused by the server',
          extensions: { code: 'BAD_USER_INPUT', fieldErrors: { aim: 'Refused by the server' } },
        },
      ],
    }));
    const ctx = context();
    renderWithProviders(
      <QuestionaryStepForm step={step} questionaryId={3} context={ctx} owner={{ proposalPk: 1 }} />,
    );
    await user.type(screen.getByLabelText('Question aim'), 'Magnetism');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Refused by the server');
    expect(ctx.goNext).not.toHaveBeenCalled();
    expect(ctx.notify).not.toHaveBeenCalled();
  });

  it('reports dirtiness and asks before Reset discards the changes', async () => {
    const user = userEvent.setup();
    mockGraphql(() => ({ data: null }));
    const ctx = context();
    const saved: QuestionaryStepData = {
      ...step,
      fields: step.fields.map((f) => (f.question.id === 'aim' ? { ...f, value: 'Saved aim' } : f)),
    };
    renderWithProviders(
      <QuestionaryStepForm step={saved} questionaryId={3} context={ctx} owner={{ proposalPk: 1 }} />,
    );
    const aim = screen.getByLabelText('Question aim') as HTMLInputElement;
    await user.type(aim, ' changed');
    expect(ctx.setDirty).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(
      screen.getByText('You have made changes in this step, which will be discarded. Are you sure?'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(aim.value).toBe('Saved aim changed');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(aim.value).toBe('Saved aim'));
    expect(ctx.setDirty).toHaveBeenLastCalledWith(false);
  });

  it('is read-only with only Back and Next', async () => {
    mockGraphql(() => ({ data: null }));
    const ctx = { ...context(), readonly: true };
    renderWithProviders(
      <QuestionaryStepForm step={step} questionaryId={3} context={ctx} owner={{ proposalPk: 1 }} />,
    );
    expect((screen.getByLabelText('Question aim') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Next' }).click());
    expect(ctx.goNext).toHaveBeenCalled();
  });

  it('says when a type has no input', () => {
    mockGraphql(() => ({ data: null }));
    const odd: QuestionaryStepData = { ...step, fields: [testField('when', DataType.DATE)] };
    renderWithProviders(
      <QuestionaryStepForm step={odd} questionaryId={3} context={context()} owner={{ proposalPk: 1 }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Definition for DATE was not found');
  });
});
