import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { CallModel } from '../../../calls';
import { InstrumentWithAvailabilityTimeModel } from './instrument.models';
import { InstrumentsRepository, type CallInstrumentRecord } from './instruments.repository';
import { instrumentsOf } from './people.loader';

/** `Call.instruments`: the instruments assigned to the call, batched over the calls of one request. */
@Resolver(() => CallModel)
export class CallInstrumentsResolver {
  constructor(private readonly repository: InstrumentsRepository) {}

  @ResolveField(() => [InstrumentWithAvailabilityTimeModel], {
    description: 'the instruments offered in the call, with their availability time, in the order assigned',
  })
  async instruments(
    @Parent() call: CallModel,
    @Context() context: GraphqlContext,
  ): Promise<InstrumentWithAvailabilityTimeModel[]> {
    const rows = await context.loaders
      .get<number, CallInstrumentRecord[]>('instruments.ofCall', async (callIds) => {
        const map = await this.repository.ofCalls(callIds);
        return callIds.map((id) => map.get(id) ?? []);
      })
      .load(call.id);
    const instruments = new Map(
      (
        await instrumentsOf(
          rows.map((r) => r.instrumentId),
          this.repository,
          context,
        )
      ).map((i) => [i.id, i]),
    );
    return rows.flatMap((r) => {
      const i = instruments.get(r.instrumentId);
      return i
        ? [
            {
              id: i.id,
              name: i.name,
              shortCode: i.shortCode,
              description: i.description,
              availabilityTime: r.availabilityTime,
              submitted: r.submitted,
              fapId: r.fapId,
            },
          ]
        : [];
    });
  }
}
