import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { techniqueNotFound } from '../../domain/instruments.errors';
import { TechniqueModel } from '../../read-models/instruments/instrument.models';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteTechniqueCommand } from '../execute-technique-command';

@Resolver()
export class DeleteTechniqueResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstrumentsRepository,
  ) {}

  @Mutation(() => TechniqueModel, { description: 'Deletes a technique; returns it as it was' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteTechnique(@Args('id', { type: () => Int }) id: number): Promise<TechniqueModel> {
    const before = await this.repository.technique(id);
    await this.commands.execute(new ExecuteTechniqueCommand({ type: 'DeleteTechnique', id }));
    if (!before) throw techniqueNotFound();
    return before;
  }
}
