export { QuestionariesModule } from './questionaries.module';
export { QuestionariesService } from './questionaries.service';
export {
  QuestionariesRepository,
  type QuestionaryRecord,
} from './read-models/questionaries/questionaries.repository';
export {
  QUESTIONARIES_PROJECTION,
  NUMBER_ANSWER,
} from './read-models/questionaries/questionaries.projection';
export { QuestionaryOwners, type QuestionaryOwner, type AnswerFacts } from './questionary-owners';
export * from './read-models/questionaries/questionary.model';
