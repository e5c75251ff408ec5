import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { assignScientistsToTechniqueSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstrumentsService } from '../../instruments.service';
import { ExecuteTechniqueCommand } from '../execute-technique-command';

@Resolver()
export class AssignScientistsToTechniqueResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: InstrumentsService,
  ) {}

  @Mutation(() => Boolean, { description: 'Adds instrument scientists to a technique' })
  @RolesAllowed(Role.USER_OFFICER)
  async assignScientistsToTechnique(
    @Args('scientistIds', { type: () => [Int] }) scientistIds: number[],
    @Args('techniqueId', { type: () => Int }) techniqueId: number,
  ): Promise<boolean> {
    const valid = await validateInput(assignScientistsToTechniqueSchema, { scientistIds, techniqueId });
    const scientists = await this.service.scientistCandidates(valid.scientistIds);
    await this.commands.execute(
      new ExecuteTechniqueCommand({ type: 'AssignScientistsToTechnique', id: valid.techniqueId, scientists }),
    );
    return true;
  }
}
