import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { ConflictResolutionStrategy, readUnitsImport, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import { compareUnit } from '../../domain/unit-comparison';
import {
  ConflictResolutionInput,
  UnitModel,
  UnitsImportWithValidationModel,
} from '../../read-models/units/unit.model';
import { UnitsRepository } from '../../read-models/units/units.repository';
import { ExecuteUnitCommand } from '../execute-unit-command';

/** Import of a file of getUnitsAsJson: check it and compare it first, then import it with the choices made. */
@Resolver()
export class ImportUnitsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: UnitsRepository,
  ) {}

  @Mutation(() => UnitsImportWithValidationModel, {
    description:
      'Checks a units file and compares each unit with the existing one (NEW, SAME, DIFFERENT); appends nothing',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async validateUnitsImport(
    @Args('unitsAsJson') unitsAsJson: string,
  ): Promise<UnitsImportWithValidationModel> {
    const file = readUnitsImport(unitsAsJson);
    const existing = new Map(
      (await this.repository.byIds(file.units.map((u) => u.id))).map((u) => [u.id, u]),
    );
    return {
      json: unitsAsJson,
      version: file.version ?? '',
      exportDate: file.exportDate,
      units: file.units.map((unit) => compareUnit(existing.get(unit.id) ?? null, unit)),
      errors: file.errors,
    };
  }

  @Mutation(() => [UnitModel], {
    nullable: true,
    description:
      'Imports the units of a file: new ones are created, the same ones kept; each that differs needs USE_NEW ' +
      'or USE_EXISTING. Returns the units of the file as they now are',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async importUnits(
    @Args('json') json: string,
    @Args('conflictResolutions', { type: () => [ConflictResolutionInput] })
    conflictResolutions: ConflictResolutionInput[],
  ): Promise<UnitModel[]> {
    const file = readUnitsImport(json);
    if (file.errors.length > 0) throw badInput(file.errors[0], { json: file.errors[0] });
    const strategies = new Map<string, ConflictResolutionStrategy>(
      conflictResolutions.map((r) => [r.itemId.trim(), r.strategy]),
    );
    const commands = file.units.map((unit) => ({
      type: 'ImportUnit' as const,
      unit,
      strategy: strategies.get(unit.id) ?? ConflictResolutionStrategy.UNRESOLVED,
    }));
    await this.commands.execute(new ExecuteUnitCommand({ kind: 'import', commands }));
    return this.repository.byIds(file.units.map((u) => u.id));
  }
}
