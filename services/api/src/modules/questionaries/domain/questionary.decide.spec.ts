import {
  DataType,
  DependenciesLogicOperator,
  questionMessages,
  questionTypeMessages,
  type CommonQuestionConfig,
  type Dependency,
} from '@user-office/contracts';
import { questionaryDecider, type AnswerTopicCommand, type QuestionaryField } from './questionary.decide';

const config = (extra: Record<string, unknown> = {}) =>
  ({ required: false, small_label: '', tooltip: '', ...extra }) as CommonQuestionConfig;
const on = (questionId: string, dependencyId: string, params: unknown): Dependency[] => [
  { questionId, dependencyId, dependencyNaturalKey: dependencyId, condition: { condition: 'eq', params } },
];
const field = (
  questionId: string,
  dataType: DataType,
  extra: Partial<QuestionaryField> = {},
): QuestionaryField => ({
  questionId,
  naturalKey: questionId,
  dataType,
  topicId: 1,
  config: config(),
  dependencies: [],
  dependenciesOperator: DependenciesLogicOperator.AND,
  ...extra,
});

const created = { type: 'QuestionaryCreated', data: { questionaryId: 5, templateId: 2, creatorId: 9 } };
const state = (events: { type: string; data: unknown }[] = []) =>
  [created, ...events].reduce(questionaryDecider.evolve, questionaryDecider.initialState);
const answerTopic = (
  fields: QuestionaryField[],
  answers: [string, unknown][],
  extra: Partial<AnswerTopicCommand> = {},
): AnswerTopicCommand => ({
  type: 'AnswerTopic',
  topicId: 1,
  answers: answers.map(([questionId, value]) => ({ questionId, value })),
  isPartialSave: false,
  fields,
  topicIds: [1, 2],
  ...extra,
});

describe('questionary decider: answerTopic', () => {
  // a → b → c: c shows when b is yes, b shows when a is yes
  const chain = [
    field('a', DataType.BOOLEAN),
    field('b', DataType.BOOLEAN, { dependencies: on('b', 'a', true) }),
    field('c', DataType.TEXT_INPUT, { config: config({ required: true }), dependencies: on('c', 'b', true) }),
  ];

  it('hides a chain transitively: c is not required when a is no, even though b was yes', () => {
    const given = state([
      {
        type: 'TopicAnswered',
        data: {
          questionaryId: 5,
          topicId: 1,
          answers: [
            { questionId: 'b', value: true },
            { questionId: 'c', value: 'kept?' },
          ],
          removedQuestionIds: [],
          isComplete: false,
        },
      },
    ]);
    const [event] = questionaryDecider.decide(answerTopic(chain, [['a', false]]), given);
    expect(event).toMatchObject({
      type: 'TopicAnswered',
      data: {
        isComplete: true,
        removedQuestionIds: ['b', 'c'],
        answers: [{ questionId: 'a', value: false }],
      },
    });
    expect(() => questionaryDecider.decide(answerTopic(chain, [['a', true]]), given)).not.toThrow();
    expect(() =>
      questionaryDecider.decide(
        answerTopic(chain, [
          ['a', true],
          ['c', ''],
        ]),
        given,
      ),
    ).toThrow(questionTypeMessages.requiredField);
  });

  it('enforces min/max entries and completeness of sub-templates with the server item list, whatever the client sent', () => {
    const fields = [
      field('items', DataType.GENERIC_TEMPLATE, {
        config: config({ templateId: 3, minEntries: 2, maxEntries: 3, addEntryButtonLabel: 'Add' }),
      }),
    ];
    const decide = (
      serverItems: number[],
      completed: Record<number, boolean>,
      clientItems: unknown = [1, 2, 3],
    ) =>
      questionaryDecider.decide(
        answerTopic(fields, [['items', clientItems]], {
          itemIds: { items: serverItems },
          context: { itemsCompleted: completed },
        }),
        state(),
      );
    expect(() => decide([7], { 7: true })).toThrow(questionMessages.genericTemplatesAtLeast(2));
    expect(() => decide([7, 8, 9, 10], { 7: true, 8: true, 9: true, 10: true })).toThrow(
      questionMessages.genericTemplatesAtMost(3),
    );
    expect(() => decide([7, 8], { 7: true, 8: false })).toThrow(questionMessages.genericTemplatesIncomplete);
    expect(decide([7, 8], { 7: true, 8: true }, [99])[0]).toMatchObject({
      data: { answers: [{ questionId: 'items', value: [7, 8] }] },
    });
  });

  it('lets a partial save skip required questions but not broken values, and keeps the step incomplete', () => {
    const fields = [
      field('t', DataType.TEXT_INPUT, { config: config({ required: true, max: 3 }) }),
      field('n', DataType.NUMBER_INPUT, { config: config({ units: [], numberValueConstraint: 'NONE' }) }),
    ];
    const [event] = questionaryDecider.decide(
      answerTopic(fields, [['n', { value: 4, unit: null }]], { isPartialSave: true }),
      state(),
    );
    expect(event).toMatchObject({
      data: {
        isComplete: false,
        answers: [{ questionId: 'n', value: { value: 4, unit: null, siValue: 4 } }],
      },
    });
    expect(() =>
      questionaryDecider.decide(answerTopic(fields, [['t', 'long']], { isPartialSave: true }), state()),
    ).toThrow(questionTypeMessages.textMax(3));
  });

  it('a later save of the step replaces what an earlier one marked complete', () => {
    const fields = [field('t', DataType.TEXT_INPUT)];
    let s = state();
    for (const e of questionaryDecider.decide(answerTopic(fields, [['t', 'x']]), s))
      s = questionaryDecider.evolve(s, e);
    expect([...s.completedTopicIds]).toEqual([1]);
    for (const e of questionaryDecider.decide(answerTopic(fields, [['t', 'y']], { isPartialSave: true }), s))
      s = questionaryDecider.evolve(s, e);
    expect([...s.completedTopicIds]).toEqual([]);
    expect(s.answers).toEqual({ t: 'y' });
  });
});

describe('questionary decider: items supplied by the owners', () => {
  const fields = [
    field('gt', DataType.GENERIC_TEMPLATE, {
      config: config({ templateId: 3, minEntries: 1, maxEntries: 2, addEntryButtonLabel: 'Add' }),
    }),
    field('samples', DataType.SAMPLE_DECLARATION, {
      config: config({ templateId: 4, minEntries: 1, maxEntries: 2, addEntryButtonLabel: 'Add' }),
    }),
  ];
  // sub template 7 and sample 7 are different items: each question is checked against its own
  const decide = (gt: boolean, sample: boolean, extra: Partial<AnswerTopicCommand> = {}) =>
    questionaryDecider.decide(
      answerTopic(fields, [], {
        itemIds: { gt: [7], samples: [7] },
        itemsCompleted: { gt: { 7: gt }, samples: { 7: sample } },
        ...extra,
      }),
      state(),
    );

  it('checks each question against the completeness of its own items', () => {
    expect(() => decide(true, false)).toThrow(questionTypeMessages.samplesIncomplete);
    expect(() => decide(false, true)).toThrow(questionMessages.genericTemplatesIncomplete);
    expect(decide(true, true)).toHaveLength(1);
  });

  it('leaves the server-supplied lists unchecked on a partial save', () => {
    const [event] = decide(false, false, { isPartialSave: true, itemIds: { gt: [], samples: [] } });
    expect(event).toMatchObject({ data: { isComplete: false } });
  });
});
