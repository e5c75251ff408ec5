import { Inject, Injectable } from '@nestjs/common';
import type { PageName } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** Page content: the stored HTML of each page; a page never set is empty. */
@Injectable()
export class PageContentRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async content(pageId: PageName): Promise<string> {
    const result = await this.sql.query<{ content: string }>(
      'SELECT content FROM page_content WHERE page_id = $1',
      [pageId],
    );
    return result.rows[0]?.content ?? '';
  }
}
