import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { CallsService } from '../../calls.service';
import { CallModel, CreateCallInput } from '../../read-models/calls/call.model';
import { CallsRepository } from '../../read-models/calls/calls.repository';

@Resolver()
export class CreateCallResolver {
  constructor(
    private readonly calls: CallsService,
    private readonly repository: CallsRepository,
  ) {}

  @Mutation(() => CallModel, { nullable: true })
  @RolesAllowed(Role.USER_OFFICER)
  async createCall(@Args('createCallInput') input: CreateCallInput): Promise<CallModel | null> {
    return this.repository.call(await this.calls.create(input));
  }
}
