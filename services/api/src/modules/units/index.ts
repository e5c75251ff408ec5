export { UnitsModule } from './units.module';
export { UnitsRepository } from './read-models/units/units.repository';
export { UnitModel, ConflictResolutionInput } from './read-models/units/unit.model';
export { UNITS_PROJECTION } from './read-models/units/units.projection';
