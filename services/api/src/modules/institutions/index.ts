export { InstitutionsModule } from './institutions.module';
export { InstitutionsRepository } from './read-models/institutions/institutions.repository';
export { InstitutionModel } from './read-models/institutions/institution.model';
export { INSTITUTIONS_PROJECTION } from './read-models/institutions/institutions.projection';
export { CountryModel } from './read-models/countries/country.model';
