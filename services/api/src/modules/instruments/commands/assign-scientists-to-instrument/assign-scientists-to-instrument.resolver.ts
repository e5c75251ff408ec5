import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { assignScientistsToInstrumentSchema, FeatureId, Role } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstrumentsService } from '../../instruments.service';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';

@Resolver()
export class AssignScientistsToInstrumentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => Boolean, {
    description: 'Adds instrument scientists (users with the INSTRUMENT_SCIENTIST role) to an instrument',
  })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async assignScientistsToInstrument(
    @Args('scientistIds', { type: () => [Int] }) scientistIds: number[],
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<boolean> {
    const valid = await validateInput(assignScientistsToInstrumentSchema, { scientistIds, instrumentId });
    const scientists = await this.service.scientistCandidates(valid.scientistIds);
    await this.commands.execute(
      new ExecuteInstrumentCommand({
        type: 'AssignScientistsToInstrument',
        id: valid.instrumentId,
        scientists,
      }),
    );
    return true;
  }
}
