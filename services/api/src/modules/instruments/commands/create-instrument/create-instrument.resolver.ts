import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createInstrumentSchema, FeatureId, Role } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { validateInput } from '../../../../platform/validation/validate-input';
import { instrumentNotFound } from '../../domain/instruments.errors';
import { InstrumentsService } from '../../instruments.service';
import { InstrumentModel } from '../../read-models/instruments/instrument.models';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';
import { InstrumentDetailsArgs } from '../instrument-details.args';

@Resolver()
export class CreateInstrumentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: InstrumentsRepository,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => InstrumentModel, { description: 'Creates an instrument; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async createInstrument(@Args() args: InstrumentDetailsArgs): Promise<InstrumentModel> {
    const valid = await validateInput(createInstrumentSchema, args);
    const namesakes = await this.repository.namesakes(valid.shortCode);
    const managerExists = await this.service.userExists(valid.managerUserId);
    const id = await this.ids.next('instrument_id_seq');
    await this.commands.execute(
      new ExecuteInstrumentCommand({ type: 'CreateInstrument', id, namesakes, managerExists, ...valid }),
    );
    const saved = await this.repository.instrument(id);
    if (!saved) throw instrumentNotFound();
    return saved;
  }
}
