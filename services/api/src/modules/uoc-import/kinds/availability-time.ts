import {
  INSTRUMENT_ASSIGNED_TO_CALL,
  INSTRUMENT_AVAILABILITY_TIME_SET,
  instrumentStreamId,
  type InstrumentAssignedToCallData,
  type InstrumentAvailabilityTimeSetData,
} from '@user-office/contracts';
import { num, numOrNull, type ImportKind, type Planned } from '../import-context';

/**
 * UOC `call_has_instruments` → `InstrumentAssignedToCall` (with its `fap_id` as UOC has it) and, where set,
 * `InstrumentAvailabilityTimeSet` on `instrument-<id>`; an availability time changed in the source since a previous
 * run is a new event. A missing call or instrument is a problem.
 */
export const availabilityTimeKind: ImportKind = {
  name: 'availability time',
  async run(ctx) {
    const current = new Map(
      (
        await ctx.sql.query<{ instrument_id: number; call_id: number; availability_time: number | null }>(
          'SELECT instrument_id, call_id, availability_time FROM instrument_calls',
        )
      ).rows.map((r) => [
        `${r.call_id}/${r.instrument_id}`,
        r.availability_time === null ? null : Number(r.availability_time),
      ]),
    );
    const rows = await ctx.rows(
      'SELECT call_id, instrument_id, availability_time, fap_id FROM call_has_instruments ORDER BY call_id, instrument_id',
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const callId = num(r.call_id);
      const instrumentId = num(r.instrument_id);
      const row = `call_id=${callId} instrument_id=${instrumentId}`;
      if (!ctx.calls.has(callId) || !ctx.instruments.has(instrumentId)) {
        ctx.problem(
          'call_has_instruments',
          row,
          `the ${ctx.calls.has(callId) ? 'instrument' : 'call'} does not exist: not imported`,
        );
        continue;
      }
      const from = `uoc:call_has_instruments/${callId}/${instrumentId}`;
      const assigned: InstrumentAssignedToCallData = { instrumentId, callId, fapId: numOrNull(r.fap_id) };
      planned.push({
        streamId: instrumentStreamId(instrumentId),
        key: `call_has_instruments/${callId}/${instrumentId}`,
        type: INSTRUMENT_ASSIGNED_TO_CALL,
        data: assigned,
        at: null,
        actorId: null,
        from,
      });
      const time = numOrNull(r.availability_time);
      const key = `${callId}/${instrumentId}`;
      if (time === null || (current.has(key) && current.get(key) === time)) continue;
      const data: InstrumentAvailabilityTimeSetData = { instrumentId, callId, availabilityTime: time };
      planned.push({
        streamId: instrumentStreamId(instrumentId),
        key: `call_has_instruments/${callId}/${instrumentId}/availability/${current.get(key) ?? 'none'}/${time}`,
        type: INSTRUMENT_AVAILABILITY_TIME_SET,
        data,
        at: null,
        actorId: null,
        from,
      });
    }
    ctx.count('availability time', rows.length, await ctx.write('availability time', planned));
  },
};
