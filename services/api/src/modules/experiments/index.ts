export { ExperimentsModule } from './experiments.module';
export { ExperimentsRepository } from './read-models/experiments/experiments.repository';
export { ExperimentsService, type ScheduledEventCommand } from './experiments.service';
export { ExperimentModel } from './read-models/experiments/experiment.model';
export { EXPERIMENTS_PROJECTION } from './read-models/experiments/experiments.projection';
export { ExperimentSafetyRepository } from './read-models/experiment-safety/experiment-safety.repository';
export { EXPERIMENT_SAFETY_PROJECTION } from './read-models/experiment-safety/experiment-safety.projection';
export { EXPERIMENT_WORKFLOW_ENGINE } from './reactions/advance-experiment-workflow-on-domain-event.reaction';
