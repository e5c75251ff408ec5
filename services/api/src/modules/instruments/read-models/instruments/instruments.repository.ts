import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** An instrument as other modules see it (docs/instruments-and-reviews.md). */
export interface InstrumentRecord {
  id: number;
  name: string;
  shortCode: string;
  description: string;
  managerUserId: number | null;
  selectable: boolean;
  instrumentContact: string | null;
  /** in the order they were assigned */
  scientistIds: number[];
}

export interface TechniqueRecord {
  id: number;
  name: string;
  shortCode: string;
  description: string;
  instrumentIds: number[];
  scientistIds: number[];
}

/** An instrument's assignment to a call. */
export interface CallInstrumentRecord {
  instrumentId: number;
  availabilityTime: number | null;
  /** submitted within its FAP (the FAP issue); false for now */
  submitted: boolean;
  fapId: number | null;
}

interface InstrumentRow {
  id: number;
  name: string;
  short_code: string;
  description: string;
  manager_user_id: number | null;
  selectable: boolean;
  instrument_contact: string | null;
}
interface TechniqueRow {
  id: number;
  name: string;
  short_code: string;
  description: string;
}
interface CallRow {
  call_id: number;
  instrument_id: number;
  fap_id: number | null;
  availability_time: number | string | null;
}

const INSTRUMENT_COLUMNS =
  'i.id, i.name, i.short_code, i.description, i.manager_user_id, i.selectable, i.instrument_contact';
const TECHNIQUE_COLUMNS = 't.id, t.name, t.short_code, t.description';
const nullableNumber = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** Instruments, techniques and call assignments: all SQL of the read model. */
@Injectable()
export class InstrumentsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** The live instruments among `ids`, by name. */
  async byIds(ids: readonly number[]): Promise<InstrumentRecord[]> {
    if (ids.length === 0) return [];
    return this.instruments('i.id = ANY($1::int[]) AND NOT i.deleted', [[...ids]]);
  }

  /** One instrument; a deleted one only with `includeDeleted` (what deleteInstrument returns). */
  async instrument(id: number, options: { includeDeleted?: boolean } = {}): Promise<InstrumentRecord | null> {
    const [one] = await this.instruments(`i.id = $1${options.includeDeleted ? '' : ' AND NOT i.deleted'}`, [
      id,
    ]);
    return one ?? null;
  }

  /**
   * Live instruments by name: of any of `callIds` when given; only those `ofUser` manages or is a scientist
   * of when given.
   */
  async list(
    filter: { callIds?: readonly number[] | null; ofUser?: number | null } = {},
  ): Promise<InstrumentRecord[]> {
    const where = ['NOT i.deleted'];
    const params: unknown[] = [];
    if (filter.callIds && filter.callIds.length > 0) {
      params.push([...filter.callIds]);
      where.push(
        `EXISTS (SELECT 1 FROM instrument_calls c WHERE c.instrument_id = i.id AND c.call_id = ANY($${params.length}::int[]))`,
      );
    }
    if (filter.ofUser != null) {
      params.push(filter.ofUser);
      where.push(
        `(i.manager_user_id = $${params.length} OR EXISTS (SELECT 1 FROM instrument_scientists s
           WHERE s.instrument_id = i.id AND s.user_id = $${params.length}))`,
      );
    }
    return this.instruments(where.join(' AND '), params);
  }

  /** The instruments the user manages or is a scientist of, ascending. */
  async idsOfScientist(userId: number): Promise<number[]> {
    const result = await this.sql.query<{ id: number }>(
      `SELECT i.id FROM instruments i WHERE NOT i.deleted AND (i.manager_user_id = $1
         OR EXISTS (SELECT 1 FROM instrument_scientists s WHERE s.instrument_id = i.id AND s.user_id = $1))
       ORDER BY i.id`,
      [userId],
    );
    return result.rows.map((r) => Number(r.id));
  }

  /** The calls that offer any of these instruments, ascending. */
  async callIdsOfInstruments(instrumentIds: readonly number[]): Promise<number[]> {
    if (instrumentIds.length === 0) return [];
    const result = await this.sql.query<{ call_id: number }>(
      'SELECT DISTINCT call_id FROM instrument_calls WHERE instrument_id = ANY($1::int[]) ORDER BY call_id',
      [[...instrumentIds]],
    );
    return result.rows.map((r) => Number(r.call_id));
  }

  /** The live instruments whose short code is `shortCode` (in any case). */
  async namesakes(shortCode: string): Promise<number[]> {
    const result = await this.sql.query<{ id: number }>(
      'SELECT id FROM instruments WHERE lower(short_code) = lower($1) AND NOT deleted ORDER BY id',
      [shortCode],
    );
    return result.rows.map((r) => Number(r.id));
  }

  /** The instruments assigned to a call, in the order they were assigned. */
  async ofCall(callId: number): Promise<CallInstrumentRecord[]> {
    return (await this.ofCalls([callId])).get(callId) ?? [];
  }

  /** The instruments assigned to each call (absent: none), in the order they were assigned. */
  async ofCalls(callIds: readonly number[]): Promise<Map<number, CallInstrumentRecord[]>> {
    const map = new Map<number, CallInstrumentRecord[]>();
    if (callIds.length === 0) return map;
    const result = await this.sql.query<CallRow>(
      `SELECT call_id, instrument_id, fap_id, availability_time FROM instrument_calls
       WHERE call_id = ANY($1::int[]) ORDER BY ord, instrument_id`,
      [[...callIds]],
    );
    for (const r of result.rows) {
      const list = map.get(Number(r.call_id)) ?? [];
      list.push({
        instrumentId: Number(r.instrument_id),
        availabilityTime: nullableNumber(r.availability_time),
        submitted: false,
        fapId: nullableNumber(r.fap_id),
      });
      map.set(Number(r.call_id), list);
    }
    return map;
  }

  /** The live techniques among `ids`, by name. */
  async techniquesByIds(ids: readonly number[]): Promise<TechniqueRecord[]> {
    if (ids.length === 0) return [];
    return this.techniques('t.id = ANY($1::int[]) AND NOT t.deleted', [[...ids]]);
  }

  /** One technique; a deleted one only with `includeDeleted`. */
  async technique(id: number, options: { includeDeleted?: boolean } = {}): Promise<TechniqueRecord | null> {
    const [one] = await this.techniques(`t.id = $1${options.includeDeleted ? '' : ' AND NOT t.deleted'}`, [
      id,
    ]);
    return one ?? null;
  }

  /** Every live technique, by name. */
  allTechniques(): Promise<TechniqueRecord[]> {
    return this.techniques('NOT t.deleted', []);
  }

  /** The live techniques the user is a scientist of, ascending. */
  async techniqueIdsOfScientist(userId: number): Promise<number[]> {
    const result = await this.sql.query<{ id: number }>(
      `SELECT t.id FROM techniques t JOIN technique_scientists s ON s.technique_id = t.id
       WHERE NOT t.deleted AND s.user_id = $1 ORDER BY t.id`,
      [userId],
    );
    return result.rows.map((r) => Number(r.id));
  }

  /** The live techniques whose short code is `shortCode` (in any case). */
  async techniqueNamesakes(shortCode: string): Promise<number[]> {
    const result = await this.sql.query<{ id: number }>(
      'SELECT id FROM techniques WHERE lower(short_code) = lower($1) AND NOT deleted ORDER BY id',
      [shortCode],
    );
    return result.rows.map((r) => Number(r.id));
  }

  private async instruments(where: string, params: unknown[]): Promise<InstrumentRecord[]> {
    const result = await this.sql.query<InstrumentRow>(
      `SELECT ${INSTRUMENT_COLUMNS} FROM instruments i WHERE ${where} ORDER BY lower(i.name), i.id`,
      params,
    );
    if (result.rows.length === 0) return [];
    const ids = result.rows.map((r) => Number(r.id));
    const scientists = await this.links('instrument_scientists', 'instrument_id', 'user_id', ids);
    return result.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      shortCode: r.short_code,
      description: r.description,
      managerUserId: nullableNumber(r.manager_user_id),
      selectable: r.selectable,
      instrumentContact: r.instrument_contact,
      scientistIds: scientists.get(Number(r.id)) ?? [],
    }));
  }

  private async techniques(where: string, params: unknown[]): Promise<TechniqueRecord[]> {
    const result = await this.sql.query<TechniqueRow>(
      `SELECT ${TECHNIQUE_COLUMNS} FROM techniques t WHERE ${where} ORDER BY lower(t.name), t.id`,
      params,
    );
    if (result.rows.length === 0) return [];
    const ids = result.rows.map((r) => Number(r.id));
    const scientists = await this.links('technique_scientists', 'technique_id', 'user_id', ids);
    const instruments = await this.links('technique_instruments', 'technique_id', 'instrument_id', ids);
    return result.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      shortCode: r.short_code,
      description: r.description,
      instrumentIds: instruments.get(Number(r.id)) ?? [],
      scientistIds: scientists.get(Number(r.id)) ?? [],
    }));
  }

  /** owner id → linked ids, in the order of assignment */
  private async links(
    table: string,
    owner: string,
    linked: string,
    ids: readonly number[],
  ): Promise<Map<number, number[]>> {
    const result = await this.sql.query<{ owner: number; linked: number }>(
      `SELECT ${owner} AS owner, ${linked} AS linked FROM ${table} WHERE ${owner} = ANY($1::int[])
       ORDER BY ord, ${linked}`,
      [[...ids]],
    );
    const map = new Map<number, number[]>();
    for (const r of result.rows) {
      const list = map.get(Number(r.owner)) ?? [];
      list.push(Number(r.linked));
      map.set(Number(r.owner), list);
    }
    return map;
  }
}
