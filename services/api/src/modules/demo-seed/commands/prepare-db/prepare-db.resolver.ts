import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { PrepareDb } from './prepare-db.service';

@Resolver()
export class PrepareDbResolver {
  constructor(private readonly prepareDb: PrepareDb) {}

  @Mutation(() => [String], {
    description:
      'Empties the store (events and read models) and creates the defaults of a first start; with includeSeeds, ' +
      'seeds the demo. Officers, and only when the product runs in development or test mode. Answers what it did.',
  })
  @RolesAllowed(Role.USER_OFFICER)
  prepareDB(
    @Args('includeSeeds', { type: () => Boolean, nullable: true }) includeSeeds: boolean | null,
  ): Promise<string[]> {
    return this.prepareDb.reset(includeSeeds === true);
  }
}
