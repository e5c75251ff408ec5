export { InstrumentsModule } from './instruments.module';
export {
  InstrumentsRepository,
  type InstrumentRecord,
  type TechniqueRecord,
  type CallInstrumentRecord,
} from './read-models/instruments/instruments.repository';
export { INSTRUMENTS_PROJECTION } from './read-models/instruments/instruments.projection';
export {
  InstrumentModel,
  TechniqueModel,
  InstrumentMinimalModel,
} from './read-models/instruments/instrument.models';
export { ROLES_SEEING_ALL_INSTRUMENTS } from './instruments.policy';
export { ExecuteInstrumentCommand } from './commands/execute-instrument-command';
