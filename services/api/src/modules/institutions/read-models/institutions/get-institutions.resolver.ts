import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { institutionsFilterSchema } from '@user-office/contracts';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel, InstitutionsFilterInput } from './institution.model';
import { InstitutionsRepository } from './institutions.repository';

/** Any logged-in user: the registration and profile forms pick an institution. */
@Resolver()
export class GetInstitutionsResolver {
  constructor(private readonly repository: InstitutionsRepository) {}

  @Query(() => [InstitutionModel], { description: 'The institutions (not deleted), by name' })
  @Authenticated()
  async getInstitutions(
    @Args('filter', { type: () => InstitutionsFilterInput, nullable: true })
    filter: InstitutionsFilterInput | null,
  ): Promise<InstitutionModel[]> {
    const valid = await validateInput(institutionsFilterSchema, filter ?? {});
    return this.repository.list({ name: valid.name });
  }

  @Query(() => InstitutionModel, {
    nullable: true,
    description: 'One institution; null when unknown or deleted',
  })
  @Authenticated()
  getInstitution(
    @Args('institutionId', { type: () => Int }) institutionId: number,
  ): Promise<InstitutionModel | null> {
    return this.repository.byId(institutionId);
  }
}
