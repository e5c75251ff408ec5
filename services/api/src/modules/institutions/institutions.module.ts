import { Module } from '@nestjs/common';
import { CreateInstitutionResolver } from './commands/create-institution/create-institution.resolver';
import { ExecuteInstitutionCommandHandler } from './commands/execute-institution-command';
import { DeleteInstitutionResolver } from './commands/delete-institution/delete-institution.resolver';
import { MergeInstitutionsResolver } from './commands/merge-institutions/merge-institutions.resolver';
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
    ExecuteInstitutionCommandHandler,
    CreateInstitutionResolver,
    UpdateInstitutionResolver,
    DeleteInstitutionResolver,
    MergeInstitutionsResolver,
  ],
  exports: [InstitutionsRepository],
})
export class InstitutionsModule {}
