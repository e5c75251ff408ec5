/**
 * Test harness of the question inputs (used by the *.spec.tsx beside them): one input in a small formik form that
 * validates with the registry's answerSchema, as the questionary step form does.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import { Formik, useFormikContext } from 'formik';
import { I18nextProvider } from 'react-i18next';
import { object } from 'yup';
import {
  answerErrors,
  DataType,
  DependenciesLogicOperator,
  questionType,
  type CommonQuestionConfig,
} from '@user-office/contracts';
import { i18n } from '../../i18n';
import type { QuestionaryField } from '../types';
import { questionInputs } from './index';

export const QUESTION_ID = 'q_1';
export const QUESTION_TEXT = 'How much?';

export function makeField(dataType: DataType, config: Record<string, unknown> = {}): QuestionaryField {
  return {
    question: { id: QUESTION_ID, naturalKey: 'how_much', question: QUESTION_TEXT, dataType },
    config: { ...questionType(dataType).defaultConfig(), ...config },
    dependencies: [],
    dependenciesOperator: DependenciesLogicOperator.AND,
    topicId: 1,
    sortOrder: 0,
    value: null,
  };
}

interface Snapshot {
  values: Record<string, unknown>;
  submit: () => Promise<void>;
  reset: (value: unknown) => void;
}

function Spy({ snapshot }: { snapshot: Snapshot }) {
  const formik = useFormikContext<Record<string, unknown>>();
  snapshot.values = formik.values;
  snapshot.submit = formik.submitForm;
  snapshot.reset = (value) => formik.resetForm({ values: { [QUESTION_ID]: value } });
  return null;
}

export interface RenderedInput extends RenderResult {
  /** the current form value of the question */
  value(): unknown;
  /** the registry's errors of the current value (empty: the api would accept it) */
  registryErrors(): string[];
  /** submits the form (touches everything, shows errors) */
  submit(): Promise<void>;
  /** resets the form to another value (as a reload does) */
  reset(value: unknown): Promise<void>;
}

export function renderInput(
  dataType: DataType,
  config: Record<string, unknown> = {},
  options: { value?: unknown; readonly?: boolean } = {},
): RenderedInput {
  const field = makeField(dataType, config);
  const definition = questionType(dataType);
  const fullConfig = field.config as unknown as CommonQuestionConfig;
  const schema = object({ [QUESTION_ID]: definition.answerSchema(fullConfig) });
  const Input = questionInputs[dataType];
  if (!Input) throw new Error(`no input for ${dataType}`);
  const snapshot: Snapshot = { values: {}, submit: () => Promise.resolve(), reset: () => undefined };
  const initial = 'value' in options ? options.value : definition.emptyValue();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <Formik initialValues={{ [QUESTION_ID]: initial }} validationSchema={schema} onSubmit={() => undefined}>
        <form>
          <Input
            field={field}
            name={QUESTION_ID}
            readonly={options.readonly ?? false}
            owner={{ proposalPk: 1 }}
            questionaryId={1}
          />
          <Spy snapshot={snapshot} />
        </form>
      </Formik>
    </I18nextProvider>,
  );
  return {
    ...result,
    value: () => snapshot.values[QUESTION_ID],
    registryErrors: () => answerErrors(dataType, fullConfig, snapshot.values[QUESTION_ID]),
    submit: () => act(() => snapshot.submit()),
    reset: (value) => act(async () => snapshot.reset(value)),
  };
}
