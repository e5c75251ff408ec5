import { Inject, Injectable } from '@nestjs/common';
import { countryById } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { InstitutionModel } from './institution.model';

interface InstitutionRecord {
  id: number;
  name: string;
  country_id: number;
  ror_id: string | null;
}

const COLUMNS = 'id, name, country_id, ror_id';

const toInstitution = (r: InstitutionRecord): InstitutionModel => {
  const country = countryById(r.country_id);
  return {
    id: r.id,
    name: r.name,
    country: country ? { id: country.id, value: country.value } : null,
    rorId: r.ror_id,
  };
};

/** The institutions read model (deleted and merged-away ones are kept, flagged) and new ids. */
@Injectable()
export class InstitutionsRepository {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly ids: IdSequences,
  ) {}

  /** The institutions that are not deleted, by name; `name` keeps those whose name contains it, in any case. */
  async list(filter: { name?: string | null } = {}): Promise<InstitutionModel[]> {
    const name = filter.name ?? '';
    const result = await this.sql.query<InstitutionRecord>(
      `SELECT ${COLUMNS} FROM institutions
       WHERE NOT deleted AND ($1 = '' OR strpos(lower(name), lower($1)) > 0)
       ORDER BY lower(name), id`,
      [name],
    );
    return result.rows.map(toInstitution);
  }

  /** One institution; null when unknown, or deleted unless `includeDeleted`. */
  async byId(id: number, options: { includeDeleted?: boolean } = {}): Promise<InstitutionModel | null> {
    const result = await this.sql.query<InstitutionRecord>(
      `SELECT ${COLUMNS} FROM institutions WHERE id = $1 AND ($2 OR NOT deleted)`,
      [id, options.includeDeleted ?? false],
    );
    return result.rows.length === 0 ? null : toInstitution(result.rows[0]);
  }

  /** Several institutions in one query (unknown ones left out; deleted ones only with `includeDeleted`). */
  async byIds(
    ids: readonly number[],
    options: { includeDeleted?: boolean } = {},
  ): Promise<InstitutionModel[]> {
    if (ids.length === 0) return [];
    const result = await this.sql.query<InstitutionRecord>(
      `SELECT ${COLUMNS} FROM institutions WHERE id = ANY($1::int[]) AND ($2 OR NOT deleted) ORDER BY id`,
      [[...new Set(ids)], options.includeDeleted ?? false],
    );
    return result.rows.map(toInstitution);
  }

  /** The ids of the institutions (not deleted) called `name`, in any case. */
  async namesakes(name: string): Promise<number[]> {
    const result = await this.sql.query<{ id: number }>(
      'SELECT id FROM institutions WHERE lower(name) = lower($1) AND NOT deleted ORDER BY id',
      [name],
    );
    return result.rows.map((r) => r.id);
  }

  /** The id of a new institution (never reused; above any id the read model already holds). */
  nextInstitutionId(): Promise<number> {
    return this.ids.next('institution_id_seq', { table: 'institutions', column: 'id' });
  }
}
