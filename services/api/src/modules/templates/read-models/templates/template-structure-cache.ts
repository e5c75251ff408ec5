import { Inject, Injectable } from '@nestjs/common';
import { NotifiedCache } from '../../../../platform/cache/notified-cache';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** the channel the templates projection notifies when it changes the templates read model */
export const TEMPLATES_CHANGED_CHANNEL = 'uo_templates_changed';

/**
 * What a questionary is built from (a template's row and steps) kept between requests: every save of a step reads
 * its template twice (the rules, then the saved step), and templates change rarely. Any change to the templates
 * read model drops every entry (NotifiedCache); an entry is trusted 10 s at most; a facility has tens of templates,
 * so 500 entries start the cache again.
 */
@Injectable()
export class TemplateStructureCache extends NotifiedCache {
  constructor(@Inject(SQL_CLIENT) sql: SqlClient) {
    super(sql, TEMPLATES_CHANGED_CHANNEL, 10_000, 500);
  }
}
