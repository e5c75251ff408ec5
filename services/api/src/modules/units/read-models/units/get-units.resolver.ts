import { Query, Resolver } from '@nestjs/graphql';
import { Role, UNITS_EXPORT_VERSION } from '@user-office/contracts';
import { Authenticated, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { QuantityModel, UnitModel } from './unit.model';
import { UnitsRepository } from './units.repository';

/** Any logged-in user reads the units (questionnaires offer them); officers export them. */
@Resolver()
export class GetUnitsResolver {
  constructor(private readonly repository: UnitsRepository) {}

  @Query(() => [UnitModel], { description: 'The units (not deleted), by quantity, then name' })
  @Authenticated()
  getUnits(): Promise<UnitModel[]> {
    return this.repository.list();
  }

  @Query(() => [QuantityModel], { description: 'The distinct quantities of the units, alphabetically' })
  @Authenticated()
  getQuantities(): Promise<QuantityModel[]> {
    return this.repository.quantities();
  }

  @Query(() => String, {
    nullable: true,
    description: 'The units as a JSON file for importUnits: { version, exportDate, units: [...] }',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getUnitsAsJson(): Promise<string> {
    const units = await this.repository.list();
    return JSON.stringify(
      {
        version: UNITS_EXPORT_VERSION,
        exportDate: new Date().toISOString(),
        units: units.map(({ id, unit, quantity, symbol, siConversionFormula }) => ({
          id,
          unit,
          quantity,
          symbol,
          siConversionFormula,
        })),
      },
      null,
      2,
    );
  }
}
