import {
  PAGE_CONTENT_SET,
  PageName,
  pageContentStreamId,
  type PageContentSetData,
} from '@user-office/contracts';
import { sanitizePageContent } from '../../page-content';
import { digest, num, str, type ImportKind, type Planned } from '../import-context';

/** UOC's PageName enum is numeric: `pagetext_id` is its value */
const PAGES: Record<number, PageName> = {
  1: PageName.HOMEPAGE,
  2: PageName.HELPPAGE,
  3: PageName.PRIVACYPAGE,
  4: PageName.COOKIEPAGE,
  5: PageName.REVIEWPAGE,
  6: PageName.FOOTERCONTENT,
  7: PageName.LOGINHELPPAGE,
  8: PageName.GRADEGUIDEPAGE,
  9: PageName.TECHNIQUEPROPOSALMANAGEMENTPAGE,
};

/**
 * UOC `pagetext` → `PageContentSet` on `page-<PAGENAME>`, sanitised as the product sanitises what an officer saves,
 * where the store's page differs (keyed by the content before and after: a page changed back is new again).
 */
export const pageContentKind: ImportKind = {
  name: 'page content',
  async run(ctx) {
    const current = new Map(
      (
        await ctx.sql.query<{ page_id: string; content: string }>('SELECT page_id, content FROM page_content')
      ).rows.map((r) => [r.page_id, r.content]),
    );
    const rows = await ctx.rows('SELECT pagetext_id, content FROM pagetext ORDER BY pagetext_id');
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = num(r.pagetext_id);
      const pageId = PAGES[id];
      if (!pageId) {
        ctx.problem('pagetext', `pagetext_id=${id}`, 'no page of this product has this id: not imported');
        continue;
      }
      const content = sanitizePageContent(str(r.content));
      const before = current.get(pageId) ?? '';
      if (content === before) continue;
      if (content !== str(r.content))
        ctx.problem(
          'pagetext',
          `pagetext_id=${id}`,
          'markup the product does not allow was removed (sanitised)',
        );
      const data: PageContentSetData = { pageId, content };
      planned.push({
        streamId: pageContentStreamId(pageId),
        key: `pagetext/${id}/${digest([before, content])}`,
        type: PAGE_CONTENT_SET,
        data,
        at: null,
        actorId: null,
        from: `uoc:pagetext/${id}`,
      });
    }
    ctx.count('page content', rows.length, await ctx.write('page content', planned));
  },
};
