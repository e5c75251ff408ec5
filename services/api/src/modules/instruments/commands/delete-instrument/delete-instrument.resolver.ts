import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { FeatureId, Role } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { instrumentNotFound } from '../../domain/instruments.errors';
import { InstrumentModel } from '../../read-models/instruments/instrument.models';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteInstrumentCommand } from '../execute-instrument-command';

@Resolver()
export class DeleteInstrumentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstrumentsRepository,
  ) {}

  @Mutation(() => InstrumentModel, {
    description: 'Deletes an instrument (it leaves its calls and techniques); returns it as it was',
  })
  @RolesAllowed(Role.USER_OFFICER)
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async deleteInstrument(@Args('id', { type: () => Int }) id: number): Promise<InstrumentModel> {
    const before = await this.repository.instrument(id);
    await this.commands.execute(new ExecuteInstrumentCommand({ type: 'DeleteInstrument', id }));
    if (!before) throw instrumentNotFound();
    return before;
  }
}
