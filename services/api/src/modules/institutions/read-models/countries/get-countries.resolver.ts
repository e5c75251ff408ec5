import { Query, Resolver } from '@nestjs/graphql';
import { COUNTRIES } from '@user-office/contracts';
import { Public } from '../../../../platform/auth/policy.decorators';
import { CountryModel } from './country.model';

/** Public: the countries are a fixed list (contracts/src/countries.ts), needed by forms before login too. */
@Resolver()
export class GetCountriesResolver {
  @Query(() => [CountryModel], { description: 'The countries, in alphabetical order' })
  @Public()
  getCountries(): CountryModel[] {
    return COUNTRIES.map(({ id, value }) => ({ id, value }));
  }
}
