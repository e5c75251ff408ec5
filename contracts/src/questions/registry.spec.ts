import { DataType } from '../enums';
import { questionMessages } from '../validation/messages';
import { QUESTION_TYPES, questionType } from './registry';

function configErrors(dataType: DataType, config: unknown): string[] {
  try {
    questionType(dataType).configSchema.validateSync(config, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

/** Fields an officer must fill before a fresh question's config passes the form (empty defaults by design). */
const mustFill: Partial<Record<DataType, string[]>> = {
  [DataType.DYNAMIC_MULTIPLE_CHOICE]: [questionMessages.validUrl],
  [DataType.EMBELLISHMENT]: [questionMessages.contentRequired, questionMessages.plainDescriptionRequired],
  [DataType.FILE_UPLOAD]: [questionMessages.fileTypeRequired],
  [DataType.GENERIC_TEMPLATE]: [questionMessages.templateRequired],
  [DataType.SAMPLE_DECLARATION]: [questionMessages.templateRequired],
};

const basis = [
  DataType.FAP_REVIEW_BASIS,
  DataType.FEEDBACK_BASIS,
  DataType.PROPOSAL_BASIS,
  DataType.TECHNICAL_REVIEW_BASIS,
  DataType.SAMPLE_BASIS,
  DataType.GENERIC_TEMPLATE_BASIS,
  DataType.SHIPMENT_BASIS,
  DataType.VISIT_BASIS,
  DataType.PROPOSAL_ESI_BASIS,
  DataType.SAMPLE_ESI_BASIS,
];
const dependable = [
  DataType.BOOLEAN,
  DataType.SELECTION_FROM_OPTIONS,
  DataType.INSTRUMENT_PICKER,
  DataType.TECHNIQUE_PICKER,
];

describe('question-type registry', () => {
  it('registers every data type under its own name', () => {
    for (const dataType of Object.values(DataType)) {
      expect(QUESTION_TYPES[dataType]).toBeDefined();
      expect(questionType(dataType).dataType).toBe(dataType);
    }
    expect(Object.keys(QUESTION_TYPES).sort()).toEqual(Object.values(DataType).sort());
  });

  it('rejects an unknown data type', () => {
    expect(() => questionType('NOT_A_TYPE' as DataType)).toThrow('Unknown question data type: NOT_A_TYPE');
  });

  it.each(Object.values(DataType))('%s: its default config passes its config schema', (dataType) => {
    expect(configErrors(dataType, questionType(dataType).defaultConfig()).sort()).toEqual(
      [...(mustFill[dataType] ?? [])].sort(),
    );
  });

  it.each(Object.values(DataType))('%s: the common config is required', (dataType) => {
    const withoutKeys = (...keys: string[]) =>
      Object.fromEntries(
        Object.entries(questionType(dataType).defaultConfig()).filter(([key]) => !keys.includes(key)),
      );
    expect(configErrors(dataType, withoutKeys('required'))).toContain('required must be defined');
    expect(configErrors(dataType, withoutKeys('small_label', 'tooltip'))).toEqual(
      expect.arrayContaining(['small_label must be defined', 'tooltip must be defined']),
    );
  });

  it('flags the basis types, the dependable types and the one type without a value', () => {
    for (const dataType of Object.values(DataType)) {
      const definition = questionType(dataType);
      expect([dataType, definition.isBasis]).toEqual([dataType, basis.includes(dataType)]);
      expect([dataType, definition.canBeDependedOn]).toEqual([dataType, dependable.includes(dataType)]);
      expect([dataType, definition.hasValue]).toEqual([dataType, dataType !== DataType.EMBELLISHMENT]);
    }
  });

  it.each(Object.values(DataType))('%s: the empty value is not an answer', (dataType) => {
    const definition = questionType(dataType);
    if (!definition.hasValue) return;
    const unanswerable = [
      DataType.PROPOSAL_BASIS,
      DataType.FAP_REVIEW_BASIS,
      DataType.FEEDBACK_BASIS,
      DataType.SHIPMENT_BASIS,
      DataType.VISIT_BASIS,
      DataType.TECHNICAL_REVIEW_BASIS,
      DataType.PROPOSAL_ESI_BASIS,
      DataType.SAMPLE_ESI_BASIS,
    ];
    if (unanswerable.includes(dataType)) return;
    expect(definition.isAnswered(definition.emptyValue())).toBe(false);
  });
});
