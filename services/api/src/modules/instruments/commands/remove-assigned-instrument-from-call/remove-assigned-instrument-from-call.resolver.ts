import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { FeatureId, Role } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { CallModel, CallsRepository } from '../../../calls';
import { callNotFound } from '../../domain/instruments.errors';
import { InstrumentsService } from '../../instruments.service';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';

@Resolver()
export class RemoveAssignedInstrumentFromCallResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly calls: CallsRepository,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => CallModel, { description: 'Withdraws an instrument from a call; returns the call' })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async removeAssignedInstrumentFromCall(
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
    @Args('callId', { type: () => Int }) callId: number,
  ): Promise<CallModel> {
    const callExists = await this.service.callExists(callId);
    await this.commands.execute(
      new ExecuteInstrumentCommand({
        type: 'RemoveInstrumentFromCall',
        id: instrumentId,
        callId,
        callExists,
      }),
    );
    const call = await this.calls.call(callId);
    if (!call) throw callNotFound();
    return call;
  }
}
