import { Injectable } from '@nestjs/common';
import {
  INSTRUMENT_ASSIGNED_TO_CALL,
  INSTRUMENT_AVAILABILITY_TIME_SET,
  INSTRUMENT_CREATED,
  INSTRUMENT_DELETED,
  INSTRUMENT_REMOVED_FROM_CALL,
  INSTRUMENT_SCIENTIST_REMOVED,
  INSTRUMENT_SCIENTISTS_ASSIGNED,
  INSTRUMENT_UPDATED,
  TECHNIQUE_CREATED,
  TECHNIQUE_DELETED,
  TECHNIQUE_INSTRUMENTS_ASSIGNED,
  TECHNIQUE_INSTRUMENTS_REMOVED,
  TECHNIQUE_SCIENTIST_REMOVED,
  TECHNIQUE_SCIENTISTS_ASSIGNED,
  TECHNIQUE_UPDATED,
  type InstrumentAssignedToCallData,
  type InstrumentAvailabilityTimeSetData,
  type InstrumentCreatedData,
  type InstrumentDeletedData,
  type InstrumentRemovedFromCallData,
  type InstrumentScientistRemovedData,
  type InstrumentScientistsAssignedData,
  type TechniqueCreatedData,
  type TechniqueDeletedData,
  type TechniqueInstrumentsAssignedData,
  type TechniqueInstrumentsRemovedData,
  type TechniqueScientistRemovedData,
  type TechniqueScientistsAssignedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const INSTRUMENTS_PROJECTION = 'instruments';

/**
 * Instruments and techniques with their scientists, the techniques' instruments and the instruments' calls;
 * inline, so a mutation returns what it changed. A deleted instrument or technique keeps its row (flagged, so
 * the delete returns it) and leaves every list: its scientists, calls and technique links are dropped.
 * `ord` keeps the order of assignment (the event's position, then its place in the event's list).
 */
@Injectable()
@RegisterProjection()
export class InstrumentsProjection implements Projection {
  readonly name = INSTRUMENTS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    INSTRUMENT_CREATED,
    INSTRUMENT_UPDATED,
    INSTRUMENT_DELETED,
    INSTRUMENT_SCIENTISTS_ASSIGNED,
    INSTRUMENT_SCIENTIST_REMOVED,
    INSTRUMENT_ASSIGNED_TO_CALL,
    INSTRUMENT_REMOVED_FROM_CALL,
    INSTRUMENT_AVAILABILITY_TIME_SET,
    TECHNIQUE_CREATED,
    TECHNIQUE_UPDATED,
    TECHNIQUE_DELETED,
    TECHNIQUE_SCIENTISTS_ASSIGNED,
    TECHNIQUE_SCIENTIST_REMOVED,
    TECHNIQUE_INSTRUMENTS_ASSIGNED,
    TECHNIQUE_INSTRUMENTS_REMOVED,
  ];
  readonly tables = [
    {
      name: 'instruments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          name text NOT NULL,
          short_code text NOT NULL,
          description text NOT NULL,
          manager_user_id integer,
          selectable boolean NOT NULL,
          instrument_contact text,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (lower(short_code)) WHERE NOT deleted`,
        `CREATE INDEX ON ${t} (manager_user_id) WHERE NOT deleted`,
      ],
    },
    {
      name: 'instrument_scientists',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (instrument_id integer NOT NULL, user_id integer NOT NULL, ord bigint NOT NULL,
           PRIMARY KEY (instrument_id, user_id))`,
        `CREATE INDEX ON ${t} (user_id)`,
      ],
    },
    {
      name: 'instrument_calls',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (instrument_id integer NOT NULL, call_id integer NOT NULL, fap_id integer,
           availability_time double precision, ord bigint NOT NULL, PRIMARY KEY (call_id, instrument_id))`,
        `CREATE INDEX ON ${t} (instrument_id)`,
      ],
    },
    {
      name: 'techniques',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          name text NOT NULL,
          short_code text NOT NULL,
          description text NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
      ],
    },
    {
      name: 'technique_scientists',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (technique_id integer NOT NULL, user_id integer NOT NULL, ord bigint NOT NULL,
           PRIMARY KEY (technique_id, user_id))`,
        `CREATE INDEX ON ${t} (user_id)`,
      ],
    },
    {
      name: 'technique_instruments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (technique_id integer NOT NULL, instrument_id integer NOT NULL, ord bigint NOT NULL,
           PRIMARY KEY (technique_id, instrument_id))`,
        `CREATE INDEX ON ${t} (instrument_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const ord = (i: number) => event.position * 1000 + i;
    switch (event.type) {
      case INSTRUMENT_CREATED:
      case INSTRUMENT_UPDATED: {
        const d = event.data as InstrumentCreatedData;
        await tx.query(
          `INSERT INTO ${tables.instruments}
             (id, name, short_code, description, manager_user_id, selectable, instrument_contact)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, short_code = excluded.short_code,
             description = excluded.description, manager_user_id = excluded.manager_user_id,
             selectable = excluded.selectable, instrument_contact = excluded.instrument_contact`,
          [d.id, d.name, d.shortCode, d.description, d.managerUserId, d.selectable, d.instrumentContact],
        );
        return;
      }
      case INSTRUMENT_DELETED: {
        const { id } = event.data as InstrumentDeletedData;
        await tx.query(`UPDATE ${tables.instruments} SET deleted = true WHERE id = $1`, [id]);
        await tx.query(`DELETE FROM ${tables.instrument_scientists} WHERE instrument_id = $1`, [id]);
        await tx.query(`DELETE FROM ${tables.instrument_calls} WHERE instrument_id = $1`, [id]);
        await tx.query(`DELETE FROM ${tables.technique_instruments} WHERE instrument_id = $1`, [id]);
        return;
      }
      case INSTRUMENT_SCIENTISTS_ASSIGNED: {
        const d = event.data as InstrumentScientistsAssignedData;
        for (const [i, userId] of d.scientistIds.entries()) {
          await tx.query(
            `INSERT INTO ${tables.instrument_scientists} (instrument_id, user_id, ord) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING`,
            [d.instrumentId, userId, ord(i)],
          );
        }
        return;
      }
      case INSTRUMENT_SCIENTIST_REMOVED: {
        const d = event.data as InstrumentScientistRemovedData;
        await tx.query(
          `DELETE FROM ${tables.instrument_scientists} WHERE instrument_id = $1 AND user_id = $2`,
          [d.instrumentId, d.scientistId],
        );
        return;
      }
      case INSTRUMENT_ASSIGNED_TO_CALL: {
        const d = event.data as InstrumentAssignedToCallData;
        await tx.query(
          `INSERT INTO ${tables.instrument_calls} (instrument_id, call_id, fap_id, ord) VALUES ($1, $2, $3, $4)
           ON CONFLICT (call_id, instrument_id) DO UPDATE SET fap_id = excluded.fap_id`,
          [d.instrumentId, d.callId, d.fapId, ord(0)],
        );
        return;
      }
      case INSTRUMENT_REMOVED_FROM_CALL: {
        const d = event.data as InstrumentRemovedFromCallData;
        await tx.query(`DELETE FROM ${tables.instrument_calls} WHERE instrument_id = $1 AND call_id = $2`, [
          d.instrumentId,
          d.callId,
        ]);
        return;
      }
      case INSTRUMENT_AVAILABILITY_TIME_SET: {
        const d = event.data as InstrumentAvailabilityTimeSetData;
        await tx.query(
          `UPDATE ${tables.instrument_calls} SET availability_time = $3 WHERE instrument_id = $1 AND call_id = $2`,
          [d.instrumentId, d.callId, d.availabilityTime],
        );
        return;
      }
      case TECHNIQUE_CREATED:
      case TECHNIQUE_UPDATED: {
        const d = event.data as TechniqueCreatedData;
        await tx.query(
          `INSERT INTO ${tables.techniques} (id, name, short_code, description) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, short_code = excluded.short_code,
             description = excluded.description`,
          [d.id, d.name, d.shortCode, d.description],
        );
        return;
      }
      case TECHNIQUE_DELETED: {
        const { id } = event.data as TechniqueDeletedData;
        await tx.query(`UPDATE ${tables.techniques} SET deleted = true WHERE id = $1`, [id]);
        await tx.query(`DELETE FROM ${tables.technique_scientists} WHERE technique_id = $1`, [id]);
        await tx.query(`DELETE FROM ${tables.technique_instruments} WHERE technique_id = $1`, [id]);
        return;
      }
      case TECHNIQUE_SCIENTISTS_ASSIGNED: {
        const d = event.data as TechniqueScientistsAssignedData;
        for (const [i, userId] of d.scientistIds.entries()) {
          await tx.query(
            `INSERT INTO ${tables.technique_scientists} (technique_id, user_id, ord) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING`,
            [d.techniqueId, userId, ord(i)],
          );
        }
        return;
      }
      case TECHNIQUE_SCIENTIST_REMOVED: {
        const d = event.data as TechniqueScientistRemovedData;
        await tx.query(
          `DELETE FROM ${tables.technique_scientists} WHERE technique_id = $1 AND user_id = $2`,
          [d.techniqueId, d.scientistId],
        );
        return;
      }
      case TECHNIQUE_INSTRUMENTS_ASSIGNED: {
        const d = event.data as TechniqueInstrumentsAssignedData;
        for (const [i, instrumentId] of d.instrumentIds.entries()) {
          await tx.query(
            `INSERT INTO ${tables.technique_instruments} (technique_id, instrument_id, ord) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING`,
            [d.techniqueId, instrumentId, ord(i)],
          );
        }
        return;
      }
      case TECHNIQUE_INSTRUMENTS_REMOVED: {
        const d = event.data as TechniqueInstrumentsRemovedData;
        for (const instrumentId of d.instrumentIds) {
          await tx.query(
            `DELETE FROM ${tables.technique_instruments} WHERE technique_id = $1 AND instrument_id = $2`,
            [d.techniqueId, instrumentId],
          );
        }
        return;
      }
    }
  }
}
