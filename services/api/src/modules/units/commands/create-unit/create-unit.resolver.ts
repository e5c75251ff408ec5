import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createUnitSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { UnitModel } from '../../read-models/units/unit.model';
import { UnitsRepository } from '../../read-models/units/units.repository';
import { ExecuteUnitCommand } from '../execute-unit-command';

@Resolver()
export class CreateUnitResolver {
  constructor(
    private readonly commands: CommandBus,
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
    await this.commands.execute(
      new ExecuteUnitCommand({ kind: 'unit', command: { type: 'CreateUnit', unit: valid } }),
    );
    return this.repository.byId(valid.id);
  }
}
