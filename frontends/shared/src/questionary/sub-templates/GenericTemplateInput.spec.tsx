import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType, questionMessages } from '@user-office/contracts';
import { QuestionaryStepForm } from '../QuestionaryStepForm';
import { mockGraphql, renderWithProviders, testField } from '../test-helpers';
import type { QuestionaryOwner, QuestionaryStepData, WizardStepContext } from '../types';

jest.mock('../inputs', () => ({
  questionInputs: (jest.requireActual('../test-helpers') as typeof import('../test-helpers'))
    .testQuestionInputs,
}));

const step: QuestionaryStepData = {
  topic: { id: 7, title: 'Equipment', sortOrder: 0, isEnabled: true },
  isCompleted: false,
  fields: [
    testField('gt', DataType.GENERIC_TEMPLATE, {
      templateId: 5,
      minEntries: 2,
      addEntryButtonLabel: 'Add cryostat',
      canCopy: true,
      copyButtonLabel: 'Copy from earlier',
      isMultipleCopySelect: true,
    }),
  ],
};

const item = {
  id: 11,
  title: 'Cryostat',
  questionaryId: 21,
  isCompleted: true,
  proposalPk: 1,
  questionId: 'gt',
  templateId: 5,
};

const context = (): WizardStepContext => ({
  readonly: false,
  isFirst: true,
  isLast: false,
  goBack: jest.fn(),
  goNext: jest.fn(),
  setDirty: jest.fn(),
  reload: jest.fn(async () => undefined),
  notify: jest.fn(),
});

function renderStep(owner: QuestionaryOwner = { proposalPk: 1 }) {
  return renderWithProviders(
    <QuestionaryStepForm step={step} questionaryId={3} context={context()} owner={owner} />,
  );
}

describe('GENERIC_TEMPLATE input', () => {
  it('lists the entries, applies minEntries on Save and continue and deletes after a warning', async () => {
    const user = userEvent.setup();
    const calls = mockGraphql((op) => {
      if (op === 'QuestionaryGenericTemplates')
        return { data: { getGenericTemplatesWithQuestionaryStatus: [item] } };
      if (op === 'QuestionaryDeleteGenericTemplate') return { data: { deleteGenericTemplate: { id: 11 } } };
      return { data: null };
    });
    renderStep();
    expect(await screen.findByText('Cryostat')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(calls[0].variables).toEqual({ filter: { proposalPk: 1, questionId: 'gt' } });

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(questionMessages.genericTemplatesAtLeast(2))).toBeTruthy();
    expect(calls.some((c) => c.operationName === 'QuestionaryAnswerTopic')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Cryostat' }));
    expect(
      screen.getByText('This will permanently delete the sub template and all its answers. Are you sure?'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'QuestionaryDeleteGenericTemplate')?.variables).toEqual({
        genericTemplateId: 11,
      }),
    );
  });

  it('copies entries of earlier proposals: a warning without a selection, the empty state without sources', async () => {
    const user = userEvent.setup();
    let sources: unknown[] = [];
    const calls = mockGraphql((op) => {
      if (op === 'QuestionaryGenericTemplates')
        return { data: { getGenericTemplatesWithQuestionaryStatus: [] } };
      if (op === 'QuestionaryGenericTemplatesOnCopy') return { data: { getGenericTemplatesOnCopy: sources } };
      if (op === 'QuestionaryCopyGenericTemplates')
        return {
          data: { createGenericTemplateWithCopiedAnswers: [{ id: 12, title: 'Old', questionaryId: 22 }] },
        };
      return { data: null };
    });
    renderStep();
    await user.click(await screen.findByRole('button', { name: 'Copy from earlier' }));
    expect(await screen.findByText('No Sub Templates available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    sources = [
      { id: 90, title: 'Old', proposalPk: 99, questionaryId: 91 },
      { id: 92, title: 'Mine already', proposalPk: 1, questionaryId: 93 },
    ];
    await user.click(screen.getByRole('button', { name: 'Copy from earlier' }));
    expect(await screen.findByLabelText('Old')).toBeTruthy();
    expect(screen.queryByLabelText('Mine already')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByText('No Question gt selected')).toBeTruthy();
    await user.click(screen.getByLabelText('Old'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'QuestionaryCopyGenericTemplates')?.variables).toEqual({
        templateId: 5,
        proposalPk: 1,
        questionId: 'gt',
        copyAnswersInput: [{ sourceQuestionaryId: 91, title: 'Old' }],
      }),
    );
  });

  it('needs the proposal context', () => {
    mockGraphql(() => ({ data: null }));
    renderStep({ proposalPk: null });
    expect(screen.getByText('GenericTemplate is missing proposal id and/or question id')).toBeTruthy();
  });
});
