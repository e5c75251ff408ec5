import { Query, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { QueriesAndMutationsModel } from './queries-and-mutations.model';
import { RootOperations } from './root-operations';

@Resolver()
export class GetAllQueriesAndMutationsResolver {
  constructor(private readonly operations: RootOperations) {}

  @Query(() => QueriesAndMutationsModel, {
    description: "The names of the schema's queries and mutations, sorted (officers, for API access tokens)",
  })
  @RolesAllowed(Role.USER_OFFICER)
  getAllQueriesAndMutations(): QueriesAndMutationsModel {
    return this.operations.names();
  }
}
