import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { CallsService } from '../../calls.service';
import { CallModel, UpdateCallInput } from '../../read-models/calls/call.model';
import { CallsRepository } from '../../read-models/calls/calls.repository';

@Resolver()
export class UpdateCallResolver {
  constructor(
    private readonly calls: CallsService,
    private readonly repository: CallsRepository,
  ) {}

  @Mutation(() => CallModel, {
    nullable: true,
    description: 'Changes a call; callFapReviewEnded: true ends its FAP review',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateCall(@Args('updateCallInput') input: UpdateCallInput): Promise<CallModel | null> {
    const { id, callFapReviewEnded, ...fields } = input;
    await this.calls.update(id, fields, callFapReviewEnded);
    return this.repository.call(id);
  }
}
