import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { FeatureId, Role } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';

@Resolver()
export class RemoveScientistFromInstrumentResolver {
  constructor(private readonly commands: CommandBus) {}

  @Mutation(() => Boolean, { description: 'Removes a scientist from an instrument' })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async removeScientistFromInstrument(
    @Args('scientistId', { type: () => Int }) scientistId: number,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<boolean> {
    await this.commands.execute(
      new ExecuteInstrumentCommand({ type: 'RemoveScientistFromInstrument', id: instrumentId, scientistId }),
    );
    return true;
  }
}
