export { VisitsModule } from './visits.module';
export { VisitsRepository } from './read-models/visits/visits.repository';
export { VISITS_PROJECTION } from './read-models/visits/visits.projection';
export { registrationLabel } from './visits.service';
