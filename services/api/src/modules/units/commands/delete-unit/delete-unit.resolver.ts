import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteUnitSchema, Role, unitIdPattern } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { unitNotFound } from '../../domain/unit.errors';
import { UnitModel } from '../../read-models/units/unit.model';
import { UNITS_PROJECTION } from '../../read-models/units/units.projection';
import { UnitsRepository } from '../../read-models/units/units.repository';
import { DeleteUnitCommand } from './delete-unit.command';

@Resolver()
export class DeleteUnitResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: UnitsRepository,
  ) {}

  @Mutation(() => UnitModel, { nullable: true, description: 'Deletes a unit; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteUnit(@Args('id') id: string): Promise<UnitModel | null> {
    const valid = await validateInput(deleteUnitSchema, { id });
    // an id no unit can have names no stream: not found without reading one
    if (!unitIdPattern.test(valid.id)) throw unitNotFound();
    const { position } = await this.commands.execute(new DeleteUnitCommand(valid.id));
    if (position !== null) await this.projections.waitFor(position, [UNITS_PROJECTION]);
    return this.repository.byId(valid.id, { includeDeleted: true });
  }
}
