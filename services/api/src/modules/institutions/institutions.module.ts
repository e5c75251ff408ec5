import { Module } from '@nestjs/common';
import { CreateInstitutionHandler } from './commands/create-institution/create-institution.handler';
import { CreateInstitutionResolver } from './commands/create-institution/create-institution.resolver';
import { DeleteInstitutionHandler } from './commands/delete-institution/delete-institution.handler';
import { DeleteInstitutionResolver } from './commands/delete-institution/delete-institution.resolver';
import { MergeInstitutionsHandler } from './commands/merge-institutions/merge-institutions.handler';
import { MergeInstitutionsResolver } from './commands/merge-institutions/merge-institutions.resolver';
import { UpdateInstitutionHandler } from './commands/update-institution/update-institution.handler';
import { UpdateInstitutionResolver } from './commands/update-institution/update-institution.resolver';
import { GetCountriesResolver } from './read-models/countries/get-countries.resolver';
import { GetInstitutionsResolver } from './read-models/institutions/get-institutions.resolver';
import { InstitutionsProjection } from './read-models/institutions/institutions.projection';
import { InstitutionsRepository } from './read-models/institutions/institutions.repository';

/** Institutions and countries (§3, §7): officers create, update, delete and merge; logged-in users read. */
@Module({
  providers: [
    InstitutionsProjection,
    InstitutionsRepository,
    GetInstitutionsResolver,
    GetCountriesResolver,
    CreateInstitutionHandler,
    CreateInstitutionResolver,
    UpdateInstitutionHandler,
    UpdateInstitutionResolver,
    DeleteInstitutionHandler,
    DeleteInstitutionResolver,
    MergeInstitutionsHandler,
    MergeInstitutionsResolver,
  ],
  exports: [InstitutionsRepository],
})
export class InstitutionsModule {}
