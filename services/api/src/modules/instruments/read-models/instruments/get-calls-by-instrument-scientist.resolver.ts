import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { forbidden } from '../../../../platform/errors/app-error';
import { CallModel, CallsRepository } from '../../../calls';
import { InstrumentsRepository } from './instruments.repository';

/** Said to a scientist asking for another scientist's calls. */
export const OTHER_SCIENTISTS_CALLS = "Only the user office may list another scientist's calls";

/**
 * `getCallsByInstrumentScientist(scientistId)` (§7): the calls offering an instrument the scientist works on or
 * manages. Officers ask for anyone; an instrument scientist only for themself (user-office-core answers null to
 * anyone else; here FORBIDDEN says why).
 */
@Resolver()
export class GetCallsByInstrumentScientistResolver {
  constructor(
    private readonly instruments: InstrumentsRepository,
    private readonly calls: CallsRepository,
  ) {}

  @Query(() => [CallModel], {
    description:
      "The calls offering an instrument the scientist manages or is a scientist of (officers: anyone's; " +
      'instrument scientists: their own)',
  })
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async getCallsByInstrumentScientist(
    @CurrentUser() session: SessionUser,
    @Args('scientistId', { type: () => Int }) scientistId: number,
  ): Promise<CallModel[]> {
    if (session.currentRole !== Role.USER_OFFICER && session.id !== scientistId)
      throw forbidden(OTHER_SCIENTISTS_CALLS);
    const callIds = await this.instruments.callIdsOfInstruments(
      await this.instruments.idsOfScientist(scientistId),
    );
    return callIds.length === 0 ? [] : this.calls.calls({ callIds });
  }
}
