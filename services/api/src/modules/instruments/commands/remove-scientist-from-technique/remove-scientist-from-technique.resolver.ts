import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ExecuteTechniqueCommand } from '../execute-technique-command';

@Resolver()
export class RemoveScientistFromTechniqueResolver {
  constructor(private readonly commands: CommandBus) {}

  @Mutation(() => Boolean, { description: 'Removes a scientist from a technique' })
  @RolesAllowed(Role.USER_OFFICER)
  async removeScientistFromTechnique(
    @Args('scientistId', { type: () => Int }) scientistId: number,
    @Args('techniqueId', { type: () => Int }) techniqueId: number,
  ): Promise<boolean> {
    await this.commands.execute(
      new ExecuteTechniqueCommand({ type: 'RemoveScientistFromTechnique', id: techniqueId, scientistId }),
    );
    return true;
  }
}
