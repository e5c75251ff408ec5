import { DataType, NumberValueConstraint } from '../../enums';
import {
  esiMessages,
  questionMessages,
  shipmentMessages,
  technicalReviewMessages,
  visitMessages,
} from '../../validation/messages';
import { questionTypeMessages as M } from '../messages';
import type { AnswerContext } from '../question-type';
import { answerErrors, questionType } from '../registry';
import type { Unit } from '../units';

const kilometre: Unit = {
  id: 'km',
  unit: 'kilometre',
  quantity: 'length',
  symbol: 'km',
  siConversionFormula: 'x * 1000',
};
const metre: Unit = { id: 'm', unit: 'metre', quantity: 'length', symbol: 'm', siConversionFormula: 'x' };
const kelvin: Unit = {
  id: 'K',
  unit: 'kelvin',
  quantity: 'temperature',
  symbol: 'K',
  siConversionFormula: 'x',
};

function config(dataType: DataType, overrides: object = {}) {
  return { ...questionType(dataType).defaultConfig(), ...overrides };
}

function configErrors(dataType: DataType, overrides: object): string[] {
  try {
    questionType(dataType).configSchema.validateSync(config(dataType, overrides), { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

function errorsOf(dataType: DataType, overrides: object, value: unknown, context?: AnswerContext): string[] {
  return answerErrors(dataType, config(dataType, overrides), value, context);
}

type ConfigCase = [DataType, object, string[]];

const configCases: ConfigCase[] = [
  [DataType.TEXT_INPUT, { min: -1 }, [questionMessages.valueAtLeastZero]],
  [DataType.TEXT_INPUT, { max: 0 }, [M.configMaxAtLeastOne]],
  [DataType.TEXT_INPUT, { min: 10, max: 5 }, [M.configMinAboveMax]],
  [DataType.TEXT_INPUT, { min: 2, max: 5, multiline: true, placeholder: 'Say it' }, []],
  [DataType.RICH_TEXT_INPUT, { max: 0 }, [M.configMaxAtLeastOne]],
  [DataType.RICH_TEXT_INPUT, { max: 100, allowImages: true }, []],
  [
    DataType.NUMBER_INPUT,
    { numberValueConstraint: 'SOMETIMES' },
    [expect.stringContaining('numberValueConstraint')],
  ],
  [
    DataType.NUMBER_INPUT,
    { units: [kilometre], numberValueConstraint: NumberValueConstraint.ONLY_POSITIVE },
    [],
  ],
  [
    DataType.INTERVAL,
    { units: [{ id: 'x' }] },
    expect.arrayContaining([expect.stringContaining('units[0]')]),
  ],
  [DataType.INTERVAL, { units: [metre] }, []],
  [DataType.DATE, { minDate: '2025-02-01', maxDate: '2025-01-01' }, [questionMessages.minBeforeMax]],
  [DataType.DATE, { minDate: '2025-02-01', defaultDate: '2025-01-01' }, [questionMessages.defaultAfterMin]],
  [DataType.DATE, { maxDate: '2025-02-01', defaultDate: '2025-03-01' }, [questionMessages.defaultBeforeMax]],
  [DataType.DATE, { minDate: 'someday' }, [M.invalidDate]],
  [DataType.DATE, { minDate: '2025-01-01', maxDate: '2025-12-31', defaultDate: '2025-06-01' }, []],
  [DataType.SELECTION_FROM_OPTIONS, { variant: '' }, [questionMessages.variantRequired]],
  [DataType.SELECTION_FROM_OPTIONS, { variant: 'checkbox' }, [questionMessages.variantRequired]],
  [DataType.SELECTION_FROM_OPTIONS, { variant: 'dropdown', options: ['a', 'b'], isMultipleSelect: true }, []],
  [DataType.DYNAMIC_MULTIPLE_CHOICE, { url: 'ftp://example.org/list' }, [questionMessages.validUrl]],
  [DataType.DYNAMIC_MULTIPLE_CHOICE, { url: 'example.org/list' }, [questionMessages.validUrl]],
  [
    DataType.DYNAMIC_MULTIPLE_CHOICE,
    { url: 'https://example.org/list', variant: null },
    [questionMessages.variantRequired],
  ],
  [DataType.DYNAMIC_MULTIPLE_CHOICE, { url: 'http://localhost:8080/options', jsonPath: '$.items' }, []],
  [DataType.EMBELLISHMENT, { html: '<p>Hi</p>', plain: '' }, [questionMessages.plainDescriptionRequired]],
  [DataType.EMBELLISHMENT, { html: ' ', plain: 'Hi' }, [questionMessages.contentRequired]],
  [DataType.EMBELLISHMENT, { html: '<p>Hi</p>', plain: 'Hi', omitFromPdf: true }, []],
  [DataType.FILE_UPLOAD, { file_type: ['.pdf'], max_files: -1 }, [questionMessages.valueAtLeastZero]],
  [DataType.FILE_UPLOAD, { file_type: ['.pdf'], pdf_page_limit: -2 }, [questionMessages.valueAtLeastZero]],
  [DataType.FILE_UPLOAD, { file_type: ['.exe'] }, [expect.stringContaining('file_type[0]')]],
  [DataType.FILE_UPLOAD, { file_type: ['.pdf', 'image'], max_files: 0, pdf_page_limit: 10 }, []],
  [DataType.GENERIC_TEMPLATE, { templateId: 3, minEntries: -1 }, [questionMessages.valueAtLeastZero]],
  [DataType.GENERIC_TEMPLATE, { templateId: 3, maxEntries: 0 }, [M.configMaxAtLeastOne]],
  [DataType.GENERIC_TEMPLATE, { templateId: 3, minEntries: 3, maxEntries: 2 }, [M.minEntriesAboveMaxEntries]],
  [DataType.GENERIC_TEMPLATE, { templateId: 3, addEntryButtonLabel: '' }, [questionMessages.requiredField]],
  [DataType.GENERIC_TEMPLATE, { templateId: 3, canCopy: true }, [questionMessages.requiredField]],
  [DataType.GENERIC_TEMPLATE, { templateId: 3, canCopy: true, copyButtonLabel: 'Copy', minEntries: 0 }, []],
  [DataType.SAMPLE_DECLARATION, { templateId: null }, [questionMessages.templateRequired]],
  [DataType.SAMPLE_DECLARATION, { templateId: 3, esiTemplateId: 4, minEntries: null, maxEntries: 1 }, []],
  [DataType.TECHNIQUE_PICKER, { variant: undefined }, [questionMessages.variantRequired]],
  [DataType.TECHNIQUE_PICKER, { variant: 'dropdown', techniques: [{ id: 1, name: 'SANS' }] }, []],
  [DataType.INSTRUMENT_PICKER, { variant: 'grid' }, [questionMessages.variantRequired]],
  [DataType.INSTRUMENT_PICKER, { requestTime: true, instruments: [{ id: 1, name: 'LoKI' }] }, []],
  [DataType.BOOLEAN, { required: 'yes' }, [expect.stringContaining('required')]],
  [DataType.BOOLEAN, { required: true, small_label: 'Tick', tooltip: 'Please tick' }, []],
  [DataType.PROPOSAL_BASIS, { questionLabel: undefined }, ['questionLabel must be defined']],
  [DataType.VISIT_BASIS, { questionLabel: 'Visit' }, []],
];

describe('question configs', () => {
  it.each(configCases)('%s config case #%#', (dataType, overrides, expected) => {
    expect(configErrors(dataType, overrides)).toEqual(expected);
  });
});

type AnswerCase = [DataType, object, unknown, string[], AnswerContext?];

const now = new Date('2025-06-15T12:00:00Z');

const answerCases: AnswerCase[] = [
  // BOOLEAN: a required boolean must be checked.
  [DataType.BOOLEAN, { required: true }, false, [M.requiredField]],
  [DataType.BOOLEAN, { required: true }, null, [M.requiredField]],
  [DataType.BOOLEAN, { required: true }, true, []],
  [DataType.BOOLEAN, {}, false, []],
  [DataType.BOOLEAN, {}, 'yes', [M.requiredField]],
  // TEXT_INPUT
  [DataType.TEXT_INPUT, { required: true }, '  ', [M.requiredField]],
  [DataType.TEXT_INPUT, { required: true }, 'hello', []],
  [DataType.TEXT_INPUT, { min: 3 }, 'ab', [M.textMin(3)]],
  [DataType.TEXT_INPUT, { min: 3 }, '', []],
  [DataType.TEXT_INPUT, { max: 3 }, 'abcd', [M.textMax(3)]],
  [DataType.TEXT_INPUT, { min: 1, max: 3 }, 'abc', []],
  // RICH_TEXT_INPUT: length without tags, images only when allowed.
  [DataType.RICH_TEXT_INPUT, { required: true }, '<p> </p>', [M.requiredField]],
  [DataType.RICH_TEXT_INPUT, { max: 5 }, '<p><strong>Hello</strong></p>', []],
  [DataType.RICH_TEXT_INPUT, { max: 5 }, '<p>Hello!</p>', [M.textMax(5)]],
  [DataType.RICH_TEXT_INPUT, { max: 5 }, '<p>a&amp;b&nbsp;c</p>', []],
  [DataType.RICH_TEXT_INPUT, {}, '<p><img src="x.png"></p>', [M.imagesNotAllowed]],
  [DataType.RICH_TEXT_INPUT, { allowImages: true }, '<p><img src="x.png"></p>', []],
  // NUMBER_INPUT: constraints and units.
  [DataType.NUMBER_INPUT, { required: true }, { value: null, unit: null, siValue: null }, [M.requiredField]],
  [DataType.NUMBER_INPUT, {}, { value: null, unit: null, siValue: null }, []],
  [DataType.NUMBER_INPUT, {}, { value: -3.5, unit: null, siValue: -3.5 }, []],
  [DataType.NUMBER_INPUT, {}, { value: 'ten', unit: null, siValue: null }, [M.numberInvalid]],
  [
    DataType.NUMBER_INPUT,
    { numberValueConstraint: 'ONLY_POSITIVE' },
    { value: 0, unit: null },
    [M.onlyPositive],
  ],
  [DataType.NUMBER_INPUT, { numberValueConstraint: 'ONLY_POSITIVE' }, { value: 0.5, unit: null }, []],
  [
    DataType.NUMBER_INPUT,
    { numberValueConstraint: 'ONLY_POSITIVE_INTEGER' },
    { value: 1.5, unit: null },
    [M.onlyPositiveInteger],
  ],
  [DataType.NUMBER_INPUT, { numberValueConstraint: 'ONLY_POSITIVE_INTEGER' }, { value: 2, unit: null }, []],
  [
    DataType.NUMBER_INPUT,
    { numberValueConstraint: 'ONLY_NEGATIVE' },
    { value: 1, unit: null },
    [M.onlyNegative],
  ],
  [DataType.NUMBER_INPUT, { numberValueConstraint: 'ONLY_NEGATIVE' }, { value: -0.1, unit: null }, []],
  [
    DataType.NUMBER_INPUT,
    { numberValueConstraint: 'ONLY_NEGATIVE_INTEGER' },
    { value: -1.5, unit: null },
    [M.onlyNegativeInteger],
  ],
  [DataType.NUMBER_INPUT, { numberValueConstraint: 'ONLY_NEGATIVE_INTEGER' }, { value: -2, unit: null }, []],
  [DataType.NUMBER_INPUT, { units: [kilometre, metre] }, { value: 1, unit: kelvin }, [M.unitNotOffered]],
  [DataType.NUMBER_INPUT, { units: [kilometre, metre] }, { value: 1, unit: null }, [M.unitRequired]],
  [DataType.NUMBER_INPUT, { units: [kilometre, metre] }, { value: 1, unit: kilometre, siValue: 1000 }, []],
  // INTERVAL
  [DataType.INTERVAL, { required: true }, { min: null, max: null, unit: null }, [M.requiredField]],
  [DataType.INTERVAL, {}, { min: null, max: null, unit: null }, []],
  [DataType.INTERVAL, {}, { min: 1, max: null, unit: null }, [M.requiredField]],
  [DataType.INTERVAL, {}, { min: 5, max: 1, unit: null }, [M.intervalMinAboveMax]],
  [DataType.INTERVAL, {}, { min: 1, max: 1, unit: null }, []],
  [DataType.INTERVAL, { units: [metre] }, { min: 1, max: 2, unit: kelvin }, [M.unitNotOffered]],
  [DataType.INTERVAL, { units: [metre] }, { min: 1, max: 2, unit: metre }, []],
  // DATE
  [DataType.DATE, { required: true }, null, [M.requiredField]],
  [DataType.DATE, {}, 'not a date', [M.invalidDate]],
  [DataType.DATE, { minDate: '2025-01-01' }, '2024-12-31', [M.dateBeforeMin('2025-01-01')]],
  [DataType.DATE, { maxDate: '2025-01-31' }, '2025-02-01', [M.dateAfterMax('2025-01-31')]],
  [DataType.DATE, { minDate: '2025-01-01', maxDate: '2025-01-31' }, '2025-01-31', []],
  // SELECTION_FROM_OPTIONS
  [DataType.SELECTION_FROM_OPTIONS, { required: true, options: ['a', 'b'] }, [], [M.requiredField]],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['a', 'b'] }, ['c'], [M.optionNotOffered]],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['a', 'b'] }, ['a', 'b'], [M.singleSelection]],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['a', 'b'], isMultipleSelect: true }, ['a', 'b'], []],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['a', 'b'] }, 'a', []],
  // DYNAMIC_MULTIPLE_CHOICE: options come from the url, passed in the context.
  [DataType.DYNAMIC_MULTIPLE_CHOICE, { required: true }, [], [M.requiredField]],
  [DataType.DYNAMIC_MULTIPLE_CHOICE, {}, ['x', 'y'], [M.singleSelection]],
  [DataType.DYNAMIC_MULTIPLE_CHOICE, {}, ['x'], [M.optionNotOffered], { dynamicOptions: ['a', 'b'] }],
  [
    DataType.DYNAMIC_MULTIPLE_CHOICE,
    { isMultipleSelect: true },
    ['a', 'b'],
    [],
    { dynamicOptions: ['a', 'b'] },
  ],
  [DataType.DYNAMIC_MULTIPLE_CHOICE, {}, ['anything'], []],
  // FILE_UPLOAD
  [DataType.FILE_UPLOAD, { required: true }, [], [M.requiredField]],
  [DataType.FILE_UPLOAD, { max_files: 1 }, [{ id: 'f1' }, { id: 'f2' }], [M.filesAtMost(1)]],
  [DataType.FILE_UPLOAD, { max_files: 0 }, [{ id: 'f1' }, { id: 'f2' }, { id: 'f3' }], []],
  [DataType.FILE_UPLOAD, {}, [{ caption: 'no id' }], [M.requiredField]],
  [DataType.FILE_UPLOAD, { required: true, max_files: 2 }, [{ id: 'f1', caption: 'Figure 1' }], []],
  // GENERIC_TEMPLATE
  [DataType.GENERIC_TEMPLATE, { required: true }, [], [questionMessages.genericTemplatesAtLeast(1)]],
  [DataType.GENERIC_TEMPLATE, { minEntries: 2 }, [1], [questionMessages.genericTemplatesAtLeast(2)]],
  [DataType.GENERIC_TEMPLATE, { maxEntries: 1 }, [1, 2], [questionMessages.genericTemplatesAtMost(1)]],
  [
    DataType.GENERIC_TEMPLATE,
    {},
    [1, 2],
    [questionMessages.genericTemplatesIncomplete],
    { itemsCompleted: { 1: true, 2: false } },
  ],
  [
    DataType.GENERIC_TEMPLATE,
    { minEntries: 1, maxEntries: 2 },
    [1, 2],
    [],
    { itemsCompleted: { 1: true, 2: true } },
  ],
  // SAMPLE_DECLARATION
  [DataType.SAMPLE_DECLARATION, { required: true }, [], [M.samplesAtLeast(1)]],
  [DataType.SAMPLE_DECLARATION, { maxEntries: 1 }, [1, 2], [M.samplesAtMost(1)]],
  [DataType.SAMPLE_DECLARATION, {}, [7], [M.samplesIncomplete], { itemsCompleted: {} }],
  [DataType.SAMPLE_DECLARATION, { required: true }, [7], [], { itemsCompleted: { 7: true } }],
  // INSTRUMENT_PICKER
  [
    DataType.INSTRUMENT_PICKER,
    { required: true },
    { instrumentId: null, timeRequested: null },
    [M.requiredField],
  ],
  [
    DataType.INSTRUMENT_PICKER,
    { instruments: [{ id: 1, name: 'LoKI' }] },
    { instrumentId: 2, timeRequested: null },
    [M.optionNotOffered],
  ],
  [
    DataType.INSTRUMENT_PICKER,
    { requestTime: true },
    { instrumentId: 1, timeRequested: null },
    [M.timeRequestedRequired],
  ],
  [
    DataType.INSTRUMENT_PICKER,
    { requestTime: true },
    { instrumentId: 1, timeRequested: -1 },
    [M.timeRequestedNotNegative],
  ],
  [DataType.INSTRUMENT_PICKER, { requestTime: true }, { instrumentId: 1, timeRequested: 3 }, []],
  // with no instruments of its own, the call's instruments the api gives (any id when it gives none)
  [
    DataType.INSTRUMENT_PICKER,
    {},
    { instrumentId: 3, timeRequested: null },
    [M.optionNotOffered],
    { offeredInstruments: [1, 2] },
  ],
  [
    DataType.INSTRUMENT_PICKER,
    {},
    { instrumentId: 2, timeRequested: null },
    [],
    { offeredInstruments: [1, 2] },
  ],
  [DataType.INSTRUMENT_PICKER, {}, { instrumentId: 9, timeRequested: null }, []],
  [
    DataType.INSTRUMENT_PICKER,
    { instruments: [{ id: 3, name: 'LoKI' }] },
    { instrumentId: 3, timeRequested: null },
    [],
    { offeredInstruments: [1] },
  ],
  // TECHNIQUE_PICKER
  [DataType.TECHNIQUE_PICKER, { required: true }, [], [M.requiredField]],
  [DataType.TECHNIQUE_PICKER, { techniques: [{ id: 1, name: 'SANS' }] }, [2], [M.optionNotOffered]],
  [DataType.TECHNIQUE_PICKER, {}, [1, 2], [M.singleSelection]],
  [DataType.TECHNIQUE_PICKER, { isMultipleSelect: true }, [1, 2], []],
  // with no techniques of its own, every technique the api gives (any id when it gives none)
  [DataType.TECHNIQUE_PICKER, {}, [5], [M.optionNotOffered], { offeredTechniques: [1, 2] }],
  [DataType.TECHNIQUE_PICKER, {}, [2], [], { offeredTechniques: [1, 2] }],
  [DataType.TECHNIQUE_PICKER, { techniques: [{ id: 5, name: 'SANS' }] }, [5], [], { offeredTechniques: [1] }],
  // EMBELLISHMENT: no answer.
  [DataType.EMBELLISHMENT, { required: true }, undefined, []],
  // Basis types.
  [DataType.SAMPLE_BASIS, {}, ' ', [questionMessages.requiredField]],
  [DataType.SAMPLE_BASIS, {}, 'Crystal A', []],
  [DataType.GENERIC_TEMPLATE_BASIS, {}, '', [questionMessages.requiredField]],
  [DataType.GENERIC_TEMPLATE_BASIS, {}, 'Item 1', []],
  [
    DataType.SHIPMENT_BASIS,
    {},
    { title: '', proposalPk: null, samples: [] },
    [shipmentMessages.titleRequired, shipmentMessages.proposalRequired],
  ],
  [
    DataType.SHIPMENT_BASIS,
    {},
    { title: 'x'.repeat(151), proposalPk: 1, samples: [] },
    [shipmentMessages.titleMax],
  ],
  [DataType.SHIPMENT_BASIS, {}, { title: 'Box 1', proposalPk: 1, samples: [3] }, []],
  [
    DataType.VISIT_BASIS,
    {},
    { proposalPk: 0, startsAt: null, endsAt: null },
    [visitMessages.proposalRequired, visitMessages.startRequired, visitMessages.endRequired],
    { now },
  ],
  [
    DataType.VISIT_BASIS,
    {},
    { proposalPk: 1, startsAt: '2025-06-01', endsAt: 'soon' },
    [visitMessages.startInPast, visitMessages.invalidDate],
    { now },
  ],
  [
    DataType.VISIT_BASIS,
    {},
    { proposalPk: 1, startsAt: '2025-07-02', endsAt: '2025-07-01' },
    [visitMessages.endBeforeStart],
    { now },
  ],
  [DataType.VISIT_BASIS, {}, { proposalPk: 1, startsAt: '2025-07-01', endsAt: '2025-07-03' }, [], { now }],
  [
    DataType.TECHNICAL_REVIEW_BASIS,
    {},
    {
      status: null,
      timeAllocation: -1,
      comment: 'x'.repeat(6001),
      publicComment: 'x'.repeat(6001),
      files: [],
    },
    [
      technicalReviewMessages.statusRequired,
      technicalReviewMessages.timeAllocationMin,
      technicalReviewMessages.commentMax,
      technicalReviewMessages.publicCommentMax,
    ],
  ],
  [
    DataType.TECHNICAL_REVIEW_BASIS,
    {},
    { status: 'FEASIBLE', timeAllocation: 100001, comment: null, publicComment: null, files: [] },
    [technicalReviewMessages.timeAllocationMax],
  ],
  [
    DataType.TECHNICAL_REVIEW_BASIS,
    {},
    { status: 'FEASIBLE', timeAllocation: 3, comment: 'ok', publicComment: null, files: [] },
    [],
  ],
  [DataType.PROPOSAL_ESI_BASIS, {}, { proposalPk: 0 }, [esiMessages.proposalRequired]],
  [DataType.SAMPLE_ESI_BASIS, {}, { proposalPk: 4 }, []],
  [DataType.PROPOSAL_BASIS, {}, null, []],
  [DataType.FAP_REVIEW_BASIS, {}, null, []],
  [DataType.FEEDBACK_BASIS, {}, null, []],
];

describe('answers', () => {
  // Rest parameters: a callback with more parameters than the row has would be taken for a `done` callback.
  it.each(answerCases)(
    '%s answer case #%#',
    (...[dataType, overrides, value, expected, context]: AnswerCase) => {
      expect(errorsOf(dataType, overrides, value, context)).toEqual(expected);
    },
  );

  it('gives the same errors when a config is validated again (its schema kept) and follows a changed context', () => {
    const required = config(DataType.TEXT_INPUT, { required: true, max: 3 });
    for (let round = 0; round < 2; round++) {
      expect(answerErrors(DataType.TEXT_INPUT, { ...required }, 'abc')).toEqual([]);
      expect(answerErrors(DataType.TEXT_INPUT, { ...required }, 'abcd')).toHaveLength(1);
      expect(
        answerErrors(DataType.TEXT_INPUT, config(DataType.TEXT_INPUT, { required: true, max: 5 }), 'abcd'),
      ).toEqual([]);
    }
    // a type that reads the context is not kept by config: the instruments offered decide
    const picker = config(DataType.INSTRUMENT_PICKER);
    const value = { instrumentId: 2, timeRequested: null };
    expect(answerErrors(DataType.INSTRUMENT_PICKER, picker, value, { offeredInstruments: [1, 2] })).toEqual(
      [],
    );
    expect(answerErrors(DataType.INSTRUMENT_PICKER, picker, value, { offeredInstruments: [1] })).toHaveLength(
      1,
    );
  });

  it('covers every data type', () => {
    const covered = new Set(answerCases.map(([dataType]) => dataType));
    expect(Object.values(DataType).filter((dataType) => !covered.has(dataType))).toEqual([]);
  });
});

describe('dependency values', () => {
  it('gives what eq / neq compare for the dependable types', () => {
    expect(questionType(DataType.BOOLEAN).dependencyValue(true)).toBe(true);
    expect(questionType(DataType.BOOLEAN).dependencyValue(null)).toBe(false);
    expect(questionType(DataType.SELECTION_FROM_OPTIONS).dependencyValue(['a', 'b'])).toEqual(['a', 'b']);
    expect(questionType(DataType.SELECTION_FROM_OPTIONS).dependencyValue('a')).toEqual(['a']);
    expect(
      questionType(DataType.INSTRUMENT_PICKER).dependencyValue({ instrumentId: 4, timeRequested: 2 }),
    ).toBe(4);
    expect(questionType(DataType.INSTRUMENT_PICKER).dependencyValue(null)).toBeNull();
    expect(questionType(DataType.TECHNIQUE_PICKER).dependencyValue([1, 3])).toEqual([1, 3]);
    expect(questionType(DataType.TEXT_INPUT).dependencyValue('a')).toBeNull();
  });
});
