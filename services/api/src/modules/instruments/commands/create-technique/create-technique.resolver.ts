import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createTechniqueSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { validateInput } from '../../../../platform/validation/validate-input';
import { techniqueNotFound } from '../../domain/instruments.errors';
import { TechniqueModel } from '../../read-models/instruments/instrument.models';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteTechniqueCommand } from '../execute-technique-command';
import { TechniqueDetailsArgs } from '../instrument-details.args';

@Resolver()
export class CreateTechniqueResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: InstrumentsRepository,
  ) {}

  @Mutation(() => TechniqueModel, { description: 'Creates a technique; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async createTechnique(@Args() args: TechniqueDetailsArgs): Promise<TechniqueModel> {
    const valid = await validateInput(createTechniqueSchema, args);
    const namesakes = await this.repository.techniqueNamesakes(valid.shortCode);
    const id = await this.ids.next('technique_id_seq');
    await this.commands.execute(
      new ExecuteTechniqueCommand({ type: 'CreateTechnique', id, namesakes, ...valid }),
    );
    const saved = await this.repository.technique(id);
    if (!saved) throw techniqueNotFound();
    return saved;
  }
}
