import { Inject, Injectable } from '@nestjs/common';
import { countryById } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
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

/** The institutions read model (deleted and merged-away ones are kept, flagged) and the id sequence. */
@Injectable()
export class InstitutionsRepository {
  private sequence: Promise<void> | null = null;

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

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

  /** The ids of the institutions (not deleted) called `name`, in any case. */
  async namesakes(name: string): Promise<number[]> {
    const result = await this.sql.query<{ id: number }>(
      'SELECT id FROM institutions WHERE lower(name) = lower($1) AND NOT deleted ORDER BY id',
      [name],
    );
    return result.rows.map((r) => r.id);
  }

  /** The id of a new institution, drawn from `institution_id_seq` (created on first use). */
  async nextInstitutionId(): Promise<number> {
    this.sequence ??= this.createSequence().catch((error: unknown) => {
      this.sequence = null;
      throw error;
    });
    await this.sequence;
    const result = await this.sql.query<{ id: string | number }>(
      "SELECT nextval('institution_id_seq') AS id",
    );
    return Number(result.rows[0].id);
  }

  private async createSequence(): Promise<void> {
    await this.sql.query('CREATE SEQUENCE IF NOT EXISTS institution_id_seq');
    // read models rebuilt into a fresh database (e.g. events in KurrentDB): start past the ids in use
    await this.sql.query(
      `SELECT setval('institution_id_seq', m) FROM (SELECT max(id) AS m FROM institutions) AS used
       WHERE m > (SELECT last_value FROM institution_id_seq)`,
    );
  }
}
