import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteUnitSchema, Role, unitIdPattern } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { unitNotFound } from '../../domain/unit.errors';
import { UnitModel } from '../../read-models/units/unit.model';
import { UnitsRepository } from '../../read-models/units/units.repository';
import { ExecuteUnitCommand } from '../execute-unit-command';

@Resolver()
export class DeleteUnitResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: UnitsRepository,
  ) {}

  @Mutation(() => UnitModel, { nullable: true, description: 'Deletes a unit; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteUnit(@Args('id') id: string): Promise<UnitModel | null> {
    const valid = await validateInput(deleteUnitSchema, { id });
    // an id no unit can have names no stream: not found without reading one
    if (!unitIdPattern.test(valid.id)) throw unitNotFound();
    await this.commands.execute(
      new ExecuteUnitCommand({ kind: 'unit', command: { type: 'DeleteUnit', id: valid.id } }),
    );
    return this.repository.byId(valid.id, { includeDeleted: true });
  }
}
