import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updateTechniqueSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { techniqueNotFound } from '../../domain/instruments.errors';
import { TechniqueModel } from '../../read-models/instruments/instrument.models';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteTechniqueCommand } from '../execute-technique-command';
import { UpdateTechniqueArgs } from '../instrument-details.args';

@Resolver()
export class UpdateTechniqueResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstrumentsRepository,
  ) {}

  @Mutation(() => TechniqueModel, { description: "Changes a technique's name, short code and description" })
  @RolesAllowed(Role.USER_OFFICER)
  async updateTechnique(@Args() args: UpdateTechniqueArgs): Promise<TechniqueModel> {
    const valid = await validateInput(updateTechniqueSchema, args);
    const namesakes = await this.repository.techniqueNamesakes(valid.shortCode);
    await this.commands.execute(
      new ExecuteTechniqueCommand({ type: 'UpdateTechnique', namesakes, ...valid }),
    );
    const saved = await this.repository.technique(valid.id);
    if (!saved) throw techniqueNotFound();
    return saved;
  }
}
