import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, techniqueInstrumentsSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ExecuteTechniqueCommand } from '../execute-technique-command';

@Resolver()
export class RemoveInstrumentsFromTechniqueResolver {
  constructor(private readonly commands: CommandBus) {}

  @Mutation(() => Boolean, { description: 'Removes instruments from a technique' })
  @RolesAllowed(Role.USER_OFFICER)
  async removeInstrumentsFromTechnique(
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
    @Args('techniqueId', { type: () => Int }) techniqueId: number,
  ): Promise<boolean> {
    const valid = await validateInput(techniqueInstrumentsSchema, { instrumentIds, techniqueId });
    await this.commands.execute(
      new ExecuteTechniqueCommand({
        type: 'RemoveInstrumentsFromTechnique',
        id: valid.techniqueId,
        instrumentIds: valid.instrumentIds,
      }),
    );
    return true;
  }
}
