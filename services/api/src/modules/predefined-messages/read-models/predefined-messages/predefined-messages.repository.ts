import { Inject, Injectable } from '@nestjs/common';
import type { PredefinedMessageKey } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

export interface PredefinedMessageRow {
  id: number;
  title: string;
  message: string;
  key: PredefinedMessageKey;
  lastModifiedBy: number | null;
  dateModified: Date;
}

interface StoredRow {
  id: number;
  title: string;
  message: string;
  key: PredefinedMessageKey;
  last_modified_by: number | null;
  date_modified: Date | string;
}

const COLUMNS = 'id, title, message, key, last_modified_by, date_modified';

const toRow = (r: StoredRow): PredefinedMessageRow => ({
  id: Number(r.id),
  title: r.title,
  message: r.message,
  key: r.key,
  lastModifiedBy: r.last_modified_by === null ? null : Number(r.last_modified_by),
  dateModified: new Date(r.date_modified),
});

/** Predefined messages: all SQL of the read model. */
@Injectable()
export class PredefinedMessagesRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** The live messages of a key, by title. */
  async list(key: PredefinedMessageKey): Promise<PredefinedMessageRow[]> {
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM predefined_messages WHERE key = $1 AND NOT deleted ORDER BY title, id`,
      [key],
    );
    return result.rows.map(toRow);
  }

  /** One message; a deleted one only with `includeDeleted` (what deletePredefinedMessage returns). */
  async get(id: number, options: { includeDeleted?: boolean } = {}): Promise<PredefinedMessageRow | null> {
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM predefined_messages WHERE id = $1${options.includeDeleted ? '' : ' AND NOT deleted'}`,
      [id],
    );
    return result.rows[0] ? toRow(result.rows[0]) : null;
  }
}
