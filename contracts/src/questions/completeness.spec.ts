import { DataType } from '../enums';
import { isStepComplete } from './completeness';
import { visibleQuestions } from './dependencies';
import { questionType } from './registry';

const cfg = (dataType: DataType, overrides: object = {}) => ({
  ...questionType(dataType).defaultConfig(),
  ...overrides,
});

describe('isStepComplete', () => {
  const fields = [
    { questionId: 'agree', dataType: DataType.BOOLEAN, config: cfg(DataType.BOOLEAN, { required: true }) },
    {
      questionId: 'title',
      dataType: DataType.TEXT_INPUT,
      config: cfg(DataType.TEXT_INPUT, { required: true }),
    },
    { questionId: 'note', dataType: DataType.TEXT_INPUT, config: cfg(DataType.TEXT_INPUT, { max: 3 }) },
    {
      questionId: 'intro',
      dataType: DataType.EMBELLISHMENT,
      config: cfg(DataType.EMBELLISHMENT, { required: true }),
    },
  ];

  it('is complete when every visible required question is answered validly', () => {
    expect(isStepComplete(fields, { agree: true, title: 'A title' }, {})).toBe(true);
  });

  it('is incomplete when a required question is unanswered or a given answer is invalid', () => {
    expect(isStepComplete(fields, { agree: false, title: 'A title' }, {})).toBe(false);
    expect(isStepComplete(fields, { agree: true, title: '' }, {})).toBe(false);
    expect(isStepComplete(fields, { agree: true, title: 'A title', note: 'too long' }, {})).toBe(false);
  });

  it('ignores hidden questions', () => {
    expect(isStepComplete(fields, { agree: true }, { title: false })).toBe(true);
  });

  it('uses visibility from the dependencies', () => {
    const visibility = visibleQuestions([
      {
        questionId: 'agree',
        naturalKey: 'agree',
        dataType: DataType.BOOLEAN,
        value: false,
        dependencies: [],
      },
      {
        questionId: 'title',
        naturalKey: 'title',
        dataType: DataType.TEXT_INPUT,
        value: '',
        dependencies: [
          {
            questionId: 'title',
            dependencyId: 'agree',
            dependencyNaturalKey: 'agree',
            condition: { condition: 'eq', params: true },
          },
        ],
      },
    ]);
    const optionalAgree = [{ ...fields[0], config: cfg(DataType.BOOLEAN) }, fields[1]];
    expect(isStepComplete(optionalAgree, { agree: false, title: '' }, visibility)).toBe(true);
  });

  it('needs completed sub-template items when completeness is given', () => {
    const items = [
      {
        questionId: 'items',
        dataType: DataType.GENERIC_TEMPLATE,
        config: cfg(DataType.GENERIC_TEMPLATE, { templateId: 1, required: true }),
      },
    ];
    expect(isStepComplete(items, { items: [1] }, {}, { itemsCompleted: { 1: false } })).toBe(false);
    expect(isStepComplete(items, { items: [1] }, {}, { itemsCompleted: { 1: true } })).toBe(true);
    expect(isStepComplete(items, { items: [] }, {})).toBe(false);
  });
});
