export { CallsModule } from './calls.module';
export { CallsRepository } from './read-models/calls/calls.repository';
export { CallsService } from './calls.service';
export { CallModel } from './read-models/calls/call.model';
export { CALLS_PROJECTION } from './read-models/calls/calls.projection';
export { DEFAULT_SUBMISSION_MESSAGE } from './read-models/calls/get-calls.resolver';
export { CallMilestonesScheduler } from './call-milestones.scheduler';
export { CallFaps, type LiveFaps } from './call-faps';
