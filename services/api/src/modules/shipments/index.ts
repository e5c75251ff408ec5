export { ShipmentsModule } from './shipments.module';
export { ShipmentsRepository } from './read-models/shipments/shipments.repository';
export { SHIPMENTS_PROJECTION } from './read-models/shipments/shipments.projection';
