/** Helpers of this folder's component tests (not shipped: only *.spec.tsx import it). */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { DataType, questionType } from '@user-office/contracts';
import { useField } from 'formik';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { StaticSettingsProvider } from '../settings/settings';
import { NestedWizardContext } from './nested-wizard';
import { QuestionaryWizard } from './QuestionaryWizard';
import type { QuestionaryField, QuestionInput, QuestionInputProps } from './types';

export function renderWithProviders(ui: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider>
        <NestedWizardContext.Provider value={QuestionaryWizard}>{ui}</NestedWizardContext.Provider>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

/** A field of a step with the type's default config. */
export function testField(
  id: string,
  dataType: DataType,
  config: Record<string, unknown> = {},
  extra: Partial<QuestionaryField> = {},
): QuestionaryField {
  return {
    question: { id, naturalKey: id, question: `Question ${id}`, dataType },
    config: { ...(questionType(dataType).defaultConfig() as unknown as Record<string, unknown>), ...config },
    dependencies: [],
    dependenciesOperator: 'AND',
    topicId: 1,
    sortOrder: 0,
    value: null,
    ...extra,
  };
}

/** `field` shows only when `on` (a BOOLEAN) is checked. */
export function dependsOn(questionId: string, on: string): QuestionaryField['dependencies'] {
  return [
    {
      questionId,
      dependencyId: on,
      dependencyNaturalKey: on,
      condition: { condition: 'eq', params: true },
    },
  ];
}

function Errors({ name }: { name: string }) {
  const [, meta] = useField(name);
  return meta.touched && meta.error ? <span role="alert">{String(meta.error)}</span> : null;
}

const SimpleText: QuestionInput = ({ field, name, readonly }: QuestionInputProps) => {
  const [input, , helpers] = useField<string | null>(name);
  return (
    <div>
      <label>
        {field.question.question}
        <input
          value={input.value ?? ''}
          disabled={readonly}
          onChange={(e) => void helpers.setValue(e.target.value)}
          onBlur={() => void helpers.setTouched(true)}
        />
      </label>
      <Errors name={name} />
    </div>
  );
};

const SimpleBoolean: QuestionInput = ({ field, name, readonly }: QuestionInputProps) => {
  const [input, , helpers] = useField<boolean | null>(name);
  return (
    <div>
      <label>
        <input
          type="checkbox"
          checked={input.value === true}
          disabled={readonly}
          onChange={(e) => void helpers.setValue(e.target.checked)}
        />
        {field.question.question}
      </label>
      <Errors name={name} />
    </div>
  );
};

/** Stand-ins for inputs/ (their own tests live there). */
export const testQuestionInputs: Partial<Record<DataType, QuestionInput>> = {
  [DataType.TEXT_INPUT]: SimpleText,
  [DataType.BOOLEAN]: SimpleBoolean,
};

export interface GraphqlCall {
  operationName: string;
  variables: Record<string, unknown>;
}

/**
 * Mocks global.fetch for GraphQL: `handler(operation, variables)` returns `{ data }` or `{ errors }`; the calls are
 * recorded.
 */
export function mockGraphql(
  handler: (operationName: string, variables: Record<string, unknown>) => unknown,
): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
    const operationName = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    calls.push({ operationName, variables: body.variables });
    const result = handler(operationName, body.variables);
    return { ok: true, json: async () => result } as Response;
  }) as typeof fetch;
  return calls;
}
