import { useEffect, useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType, QUESTION_TYPES, questionMessages } from '@user-office/contracts';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import '../translations';
import { ConfigFields } from './ConfigFields';
import { configFieldsOf, humanize } from './config-fields';
import { configPartOf, questionFormErrors, type QuestionFormValues } from './form-errors';

// the units picker asks the server for units; these tests need none
jest.mock('@user-office/frontend-shared/graphql-client', () => ({
  request: jest.fn(() => Promise.resolve({ getUnits: [] })),
}));

/** The question drawer's form without the server: key, text and the generated config form with §5 messages. */
function Form({
  dataType,
  initial,
}: {
  dataType: DataType;
  initial?: Partial<QuestionFormValues['config']>;
}) {
  const [values, setValues] = useState<QuestionFormValues>({
    naturalKey: 'key',
    question: 'Question',
    config: { ...QUESTION_TYPES[dataType].defaultConfig(), ...initial },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void questionFormErrors(dataType, values, {}).then(setErrors);
  }, [dataType, values]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigFields
        dataType={dataType}
        value={values.config}
        onChange={(config) => setValues({ ...values, config })}
        errors={configPartOf(errors)}
      />
    </I18nextProvider>
  );
}

const ALL_TYPES = Object.keys(QUESTION_TYPES) as DataType[];

describe('the config form generated from the question-type registry', () => {
  it.each(ALL_TYPES)('renders a field for every config field of %s', async (dataType) => {
    render(<Form dataType={dataType} />);
    await act(async () => undefined); // the form's validation settles
    const form = screen.getByTestId(`config-form-${dataType}`);
    const specs = configFieldsOf(dataType);
    expect(specs.map((s) => s.name)).toEqual(expect.arrayContaining(['required', 'small_label', 'tooltip']));
    // every field of the schema is known to the generator (none skipped)
    expect(specs).toHaveLength(Object.keys(QUESTION_TYPES[dataType].configSchema.describe().fields).length);
    expect(within(form).getByText(i18n.t('console.editors.config.required'))).toBeTruthy();
  });

  it('labels a field without a translation by its name', () => {
    expect(humanize('isCompleteOnCopy')).toBe('Is complete on copy');
    expect(humanize('max_files')).toBe('Max files');
  });

  it('shows the §5 date rules', async () => {
    render(
      <Form
        dataType={DataType.DATE}
        initial={{ minDate: '2025-05-10', maxDate: '2025-05-01', defaultDate: '2025-04-01' }}
      />,
    );
    await screen.findByText(questionMessages.minBeforeMax);
    expect(screen.getByText(questionMessages.defaultAfterMin)).toBeTruthy();
  });

  it('shows the §5 file upload rules, and the page limit only when pdf is chosen', async () => {
    const user = userEvent.setup();
    render(<Form dataType={DataType.FILE_UPLOAD} initial={{ max_files: -1 }} />);
    await screen.findByText(questionMessages.fileTypeRequired);
    expect(screen.getByText(questionMessages.valueAtLeastZero)).toBeTruthy();
    expect(screen.queryByLabelText(/PDF page limit/)).toBeNull();
    await user.click(screen.getByLabelText('.pdf'));
    expect(screen.getByLabelText(/PDF page limit/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(questionMessages.fileTypeRequired)).toBeNull());
  });

  it('shows the §5 dynamic choice and embellishment messages', async () => {
    const { unmount } = render(
      <Form dataType={DataType.DYNAMIC_MULTIPLE_CHOICE} initial={{ url: 'ftp://x' }} />,
    );
    await screen.findByText(questionMessages.validUrl);
    unmount();
    render(<Form dataType={DataType.EMBELLISHMENT} />);
    await screen.findByText(questionMessages.contentRequired);
    expect(screen.getByText(questionMessages.plainDescriptionRequired)).toBeTruthy();
  });

  it('shows the §5 sample declaration messages, the copy label only when copying', async () => {
    const user = userEvent.setup();
    render(
      <Form dataType={DataType.SAMPLE_DECLARATION} initial={{ maxEntries: 0, addEntryButtonLabel: '' }} />,
    );
    await screen.findByText(questionMessages.templateRequired);
    expect(screen.getAllByText(questionMessages.requiredField).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Copy button label')).toBeNull();
    await user.click(screen.getByLabelText('Can copy'));
    expect(screen.getByLabelText('Copy button label')).toBeTruthy();
  });
});

describe('the question form messages (§5)', () => {
  const values = (naturalKey: string, question = 'Question') => ({
    naturalKey,
    question,
    config: QUESTION_TYPES.BOOLEAN.defaultConfig() as unknown as Record<string, unknown>,
  });

  it('checks the natural key: pattern, empty, taken (the original key may stay)', async () => {
    expect((await questionFormErrors(DataType.BOOLEAN, values('bad key!'), {})).naturalKey).toBe(
      questionMessages.naturalKeyPattern,
    );
    expect((await questionFormErrors(DataType.BOOLEAN, values(' '), {})).naturalKey).toBe(
      questionMessages.naturalKeyEmpty,
    );
    const taken = { isNaturalKeyTaken: () => true, originalKey: 'mine' };
    expect((await questionFormErrors(DataType.BOOLEAN, values('other'), taken)).naturalKey).toBe(
      questionMessages.naturalKeyUsed,
    );
    expect((await questionFormErrors(DataType.BOOLEAN, values('mine'), taken)).naturalKey).toBeUndefined();
  });

  it('limits the basis question text to 256 characters', async () => {
    const form = {
      ...values('proposal_basis', 'x'.repeat(257)),
      config: QUESTION_TYPES.PROPOSAL_BASIS.defaultConfig() as unknown as Record<string, unknown>,
    };
    expect((await questionFormErrors(DataType.PROPOSAL_BASIS, form, {})).question).toBe(
      questionMessages.questionMax,
    );
    expect((await questionFormErrors(DataType.BOOLEAN, values('k', ''), {})).question).toBe(
      questionMessages.questionRequired,
    );
  });
});
