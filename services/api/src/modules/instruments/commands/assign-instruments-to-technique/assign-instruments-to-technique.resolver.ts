import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, techniqueInstrumentsSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstrumentsRepository } from '../../read-models/instruments/instruments.repository';
import { ExecuteTechniqueCommand } from '../execute-technique-command';

@Resolver()
export class AssignInstrumentsToTechniqueResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstrumentsRepository,
  ) {}

  @Mutation(() => Boolean, { description: 'Adds instruments to a technique (each must exist)' })
  @RolesAllowed(Role.USER_OFFICER)
  async assignInstrumentsToTechnique(
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
    @Args('techniqueId', { type: () => Int }) techniqueId: number,
  ): Promise<boolean> {
    const valid = await validateInput(techniqueInstrumentsSchema, { instrumentIds, techniqueId });
    const found = new Set((await this.repository.byIds(valid.instrumentIds)).map((i) => i.id));
    await this.commands.execute(
      new ExecuteTechniqueCommand({
        type: 'AssignInstrumentsToTechnique',
        id: valid.techniqueId,
        instrumentIds: valid.instrumentIds,
        missingInstrumentIds: valid.instrumentIds.filter((id) => !found.has(id)),
      }),
    );
    return true;
  }
}
