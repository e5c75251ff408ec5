import { Injectable } from '@nestjs/common';
import { PAGE_CONTENT_SET, type PageContentSetData } from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const PAGE_CONTENT_PROJECTION = 'page_content';

/** The content of each page that was ever set; inline, so setPageContent returns the saved content. */
@Injectable()
@RegisterProjection()
export class PageContentProjection implements Projection {
  readonly name = PAGE_CONTENT_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [PAGE_CONTENT_SET];
  readonly tables = [
    {
      name: 'page_content',
      ddl: (t: string) => [`CREATE TABLE ${t} (page_id text PRIMARY KEY, content text NOT NULL)`],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const data = event.data as PageContentSetData;
    await tx.query(
      `INSERT INTO ${tables.page_content} (page_id, content) VALUES ($1, $2)
       ON CONFLICT (page_id) DO UPDATE SET content = excluded.content`,
      [data.pageId, data.content],
    );
  }
}
