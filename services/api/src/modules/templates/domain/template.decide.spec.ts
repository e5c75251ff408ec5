import {
  DataType,
  DependenciesLogicOperator,
  questionTypeMessages,
  TemplateCategoryId,
  TemplateGroupId,
  templateMessages,
  type TemplateCreatedData,
} from '@user-office/contracts';
import { templateDecider, type QuestionFacts, type TemplateCommand } from './template.decide';

const created: TemplateCreatedData = {
  templateId: 1,
  groupId: TemplateGroupId.PROPOSAL_QUESTIONARY,
  name: 'Proposal',
  description: '',
  origin: 'created',
  sourceTemplateId: null,
  topics: [{ topicId: 10, title: 'New topic', sortOrder: 0, isEnabled: true }],
  fields: [
    {
      questionId: 'proposal_basis',
      topicId: 10,
      sortOrder: 0,
      config: {},
      dependencies: [],
      dependenciesOperator: DependenciesLogicOperator.AND,
    },
  ],
  pdf: null,
};
const facts = (questionId: string, dataType: DataType): QuestionFacts => ({
  questionId,
  naturalKey: questionId,
  dataType,
  categoryId: TemplateCategoryId.PROPOSAL,
  isBasis: dataType === DataType.PROPOSAL_BASIS,
});
const QUESTIONS = [
  facts('proposal_basis', DataType.PROPOSAL_BASIS),
  facts('yes', DataType.BOOLEAN),
  facts('text', DataType.TEXT_INPUT),
];

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(templateDecider.evolve, templateDecider.initialState);
/** applies the decisions to the state, command after command */
function run(commands: TemplateCommand[]) {
  let state = given([{ type: 'TemplateCreated', data: created }]);
  for (const command of commands) {
    for (const event of templateDecider.decide(command, state)) state = templateDecider.evolve(state, event);
  }
  return state;
}
const add = (questionId: string, dataType: DataType, sortOrder = 99): TemplateCommand => ({
  type: 'AddQuestion',
  question: facts(questionId, dataType),
  config: {},
  topicId: 10,
  sortOrder,
});

describe('template decider', () => {
  it('adds questions at a position and arranges the topic', () => {
    const state = run([add('yes', DataType.BOOLEAN), add('text', DataType.TEXT_INPUT, 1)]);
    expect(state.fields.map((f) => [f.questionId, f.sortOrder])).toEqual([
      ['proposal_basis', 0],
      ['text', 1],
      ['yes', 2],
    ]);
  });

  it('inserts topics at their sort order and moves questions between topics', () => {
    let state = run([
      add('yes', DataType.BOOLEAN),
      { type: 'CreateTopic', topicId: 11, sortOrder: 0, title: 'First' },
    ]);
    expect(state.topics.map((t) => [t.topicId, t.sortOrder])).toEqual([
      [11, 0],
      [10, 1],
    ]);
    const events = templateDecider.decide(
      { type: 'MoveQuestion', questionId: 'yes', topicId: 11, sortOrder: 0 },
      state,
    );
    expect(events).toEqual([
      {
        type: 'TemplateQuestionsArranged',
        data: {
          templateId: 1,
          topics: [
            { topicId: 11, questionIds: ['yes'] },
            { topicId: 10, questionIds: ['proposal_basis'] },
          ],
        },
      },
    ]);
    state = events.reduce(templateDecider.evolve, state);
    expect(state.fields.map((f) => [f.questionId, f.topicId])).toEqual([
      ['yes', 11],
      ['proposal_basis', 10],
    ]);
  });

  it('refuses dependencies on itself, in a cycle, on a type that cannot be depended on', () => {
    const state = run([add('yes', DataType.BOOLEAN), add('text', DataType.TEXT_INPUT)]);
    const settings = (questionId: string, on: string): TemplateCommand => ({
      type: 'UpdateQuestionSettings',
      questionId,
      config: {},
      dependencies: [
        {
          questionId,
          dependencyId: on,
          dependencyNaturalKey: on,
          condition: { condition: 'eq', params: true },
        },
      ],
      questions: QUESTIONS,
    });
    expect(() => templateDecider.decide(settings('yes', 'yes'), state)).toThrow(
      questionTypeMessages.selfDependency,
    );
    expect(() => templateDecider.decide(settings('yes', 'text'), state)).toThrow(
      questionTypeMessages.cannotBeDependedOn(DataType.TEXT_INPUT),
    );
    expect(() => templateDecider.decide(settings('yes', 'nowhere'), state)).toThrow(
      templateMessages.dependencyOnUnknown('nowhere'),
    );
    const [event] = templateDecider.decide(settings('text', 'yes'), state);
    expect(event).toMatchObject({ type: 'TemplateQuestionUpdated', data: { dependenciesOperator: 'AND' } });
  });

  it('keeps the basis question and its topic, refuses a template in use, and ignores no-op updates', () => {
    const state = run([]);
    expect(() =>
      templateDecider.decide({ type: 'RemoveQuestion', questionId: 'proposal_basis', isBasis: true }, state),
    ).toThrow(templateMessages.basisQuestionFixed);
    expect(() =>
      templateDecider.decide({ type: 'DeleteTopic', topicId: 10, holdsBasis: true }, state),
    ).toThrow(templateMessages.basisTopicFixed);
    expect(() =>
      templateDecider.decide({ type: 'DeleteTemplate', inUse: ['2 questionaries'] }, state),
    ).toThrow(templateMessages.templateInUse('2 questionaries'));
    expect(templateDecider.decide({ type: 'UpdateTemplate', name: 'Proposal' }, state)).toEqual([]);
    expect(() => templateDecider.decide({ type: 'UpdateTemplate', name: 'x' }, given([]))).toThrow(
      templateMessages.templateNotFound,
    );
  });
});
