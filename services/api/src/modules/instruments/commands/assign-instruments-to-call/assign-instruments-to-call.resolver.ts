import { Args, Field, InputType, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { assignInstrumentsToCallSchema, FeatureId, Role } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { CallModel, CallsRepository } from '../../../calls';
import { callNotFound } from '../../domain/instruments.errors';
import { InstrumentsService } from '../../instruments.service';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';

@InputType('InstrumentFapIdInput', {
  description: 'An instrument to offer in a call, with its FAP (null: none)',
})
export class InstrumentFapIdInput {
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Int, { nullable: true })
  fapId?: number | null;
}

@Resolver()
export class AssignInstrumentsToCallResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly calls: CallsRepository,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => CallModel, {
    description:
      'Offers instruments in a call (each with its FAP); all or none are assigned; returns the call',
  })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async assignInstrumentsToCall(
    @Args('callId', { type: () => Int }) callId: number,
    @Args('instrumentFapIds', { type: () => [InstrumentFapIdInput] })
    instrumentFapIds: InstrumentFapIdInput[],
  ): Promise<CallModel> {
    const valid = await validateInput(assignInstrumentsToCallSchema, { callId, instrumentFapIds });
    const callExists = await this.service.callExists(valid.callId);
    const byInstrument = new Map(valid.instrumentFapIds.map((i) => [i.instrumentId, i.fapId ?? null]));
    await this.commands.execute(
      new ExecuteInstrumentCommand(
        ...[...byInstrument].map(([id, fapId]) => ({
          type: 'AssignInstrumentToCall' as const,
          id,
          callId: valid.callId,
          fapId,
          callExists,
        })),
      ),
    );
    const call = await this.calls.call(valid.callId);
    if (!call) throw callNotFound();
    return call;
  }
}
