export { QuestionariesModule } from './questionaries.module';
export { PreparedQuestionaries, QuestionariesService } from './questionaries.service';
export {
  QuestionariesRepository,
  type QuestionaryRecord,
} from './read-models/questionaries/questionaries.repository';
export {
  QUESTIONARIES_PROJECTION,
  NUMBER_ANSWER,
  QuestionariesProjection,
} from './read-models/questionaries/questionaries.projection';
export {
  itemAnswerFacts,
  QuestionaryOwners,
  type AnswerFacts,
  type QuestionaryOwner,
  type QuestionItem,
} from './questionary-owners';
export * from './read-models/questionaries/questionary.model';
export { evolveQuestionary, initialQuestionaryState } from './domain/questionary.decide';
