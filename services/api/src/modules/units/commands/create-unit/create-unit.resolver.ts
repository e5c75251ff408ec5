import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createUnitSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { UnitModel } from '../../read-models/units/unit.model';
import { UNITS_PROJECTION } from '../../read-models/units/units.projection';
import { UnitsRepository } from '../../read-models/units/units.repository';
import { CreateUnitCommand } from './create-unit.command';

@Resolver()
export class CreateUnitResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: UnitsRepository,
  ) {}

  @Mutation(() => UnitModel, { nullable: true, description: 'Creates a unit; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async createUnit(
    @Args('id') id: string,
    @Args('unit') unit: string,
    @Args('quantity') quantity: string,
    @Args('symbol') symbol: string,
    @Args('siConversionFormula') siConversionFormula: string,
  ): Promise<UnitModel | null> {
    const valid = await validateInput(createUnitSchema, { id, unit, quantity, symbol, siConversionFormula });
    const { position } = await this.commands.execute(new CreateUnitCommand(valid));
    if (position !== null) await this.projections.waitFor(position, [UNITS_PROJECTION]);
    return this.repository.byId(valid.id);
  }
}
