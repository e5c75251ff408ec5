import { Args, Float, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { FeatureId, Role, setInstrumentAvailabilityTimeSchema } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstrumentsService } from '../../instruments.service';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';

@Resolver()
export class SetInstrumentAvailabilityTimeResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => Boolean, {
    description: "Sets how much time an instrument offers in a call (the call's allocation unit, at least 0)",
  })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async setInstrumentAvailabilityTime(
    @Args('callId', { type: () => Int }) callId: number,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
    @Args('availabilityTime', { type: () => Float }) availabilityTime: number,
  ): Promise<boolean> {
    const valid = await validateInput(setInstrumentAvailabilityTimeSchema, {
      callId,
      instrumentId,
      availabilityTime,
    });
    const callExists = await this.service.callExists(valid.callId);
    await this.commands.execute(
      new ExecuteInstrumentCommand({
        type: 'SetInstrumentAvailabilityTime',
        id: valid.instrumentId,
        callId: valid.callId,
        availabilityTime: valid.availabilityTime,
        callExists,
      }),
    );
    return true;
  }
}
