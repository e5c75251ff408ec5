export { QuestionariesModule } from './questionaries.module';
export { PreparedQuestionaries, QuestionariesService } from './questionaries.service';
export {
  QuestionariesRepository,
  type QuestionaryRecord,
} from './read-models/questionaries/questionaries.repository';
export {
  QUESTIONARIES_PROJECTION,
  LIST_ANSWER,
  NUMBER_ANSWER,
  QuestionariesProjection,
} from './read-models/questionaries/questionaries.projection';
export {
  itemAnswerFacts,
  questionIdsOfKind,
  QuestionaryOwners,
  type AnswerFacts,
  type QuestionaryOwner,
  type QuestionItem,
  type StepQuestion,
} from './questionary-owners';
export * from './read-models/questionaries/questionary.model';
export { evolveQuestionary, initialQuestionaryState } from './domain/questionary.decide';
