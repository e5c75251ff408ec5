import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { callMessages, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { CallsService } from '../../calls.service';
import { CallModel } from '../../read-models/calls/call.model';
import { CallsRepository } from '../../read-models/calls/calls.repository';

@Resolver()
export class DeleteCallResolver {
  constructor(
    private readonly calls: CallsService,
    private readonly repository: CallsRepository,
  ) {}

  @Mutation(() => CallModel, {
    nullable: true,
    description: 'Deletes a call that has no proposals; returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteCall(@Args('callId', { type: () => Int }) callId: number): Promise<CallModel> {
    const call = await this.repository.call(callId);
    if (!call) throw notFound(callMessages.notFound);
    await this.calls.delete(callId);
    return call;
  }
}
