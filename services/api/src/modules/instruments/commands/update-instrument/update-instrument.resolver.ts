import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { FeatureId, Role, updateInstrumentSchema } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { instrumentNotFound } from '../../domain/instruments.errors';
import { InstrumentsService } from '../../instruments.service';
import { InstrumentModel } from '../../read-models/instruments/instrument.models';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';
import { UpdateInstrumentArgs } from '../instrument-details.args';

@Resolver()
export class UpdateInstrumentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstrumentsRepository,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => InstrumentModel, { description: "Changes an instrument's details; returns it" })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async updateInstrument(@Args() args: UpdateInstrumentArgs): Promise<InstrumentModel> {
    const valid = await validateInput(updateInstrumentSchema, args);
    const namesakes = await this.repository.namesakes(valid.shortCode);
    const managerExists = await this.service.userExists(valid.managerUserId);
    await this.commands.execute(
      new ExecuteInstrumentCommand({ type: 'UpdateInstrument', namesakes, managerExists, ...valid }),
    );
    const saved = await this.repository.instrument(valid.id);
    if (!saved) throw instrumentNotFound();
    return saved;
  }
}
