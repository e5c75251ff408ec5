import { PageName } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/** Each content page is one stream: `page-<PAGENAME>` (e.g. `page-HELPPAGE`). */
export const PAGE_CONTENT_STREAM = 'page';

/** The stream of one content page. */
export const pageContentStreamId = (pageId: PageName): string => `${PAGE_CONTENT_STREAM}-${pageId}`;

export const PAGE_CONTENT_SET = 'PageContentSet';

export interface PageContentSetData {
  readonly pageId: PageName;
  /** The page's new HTML, already sanitised by the server. */
  readonly content: string;
}

export const pageContentSetEvent = defineEvent<PageContentSetData, typeof PAGE_CONTENT_SET>(
  PAGE_CONTENT_SET,
  {
    stream: PAGE_CONTENT_STREAM,
    description: (data) =>
      data.content === ''
        ? `Content of page ${data.pageId} cleared`
        : `Content of page ${data.pageId} changed (${data.content.length} characters)`,
    changedObjectId: (data) => data.pageId,
  },
);

/** Any event of a page stream. */
export type PageContentEvent = { readonly type: typeof PAGE_CONTENT_SET; readonly data: PageContentSetData };

export const PAGE_CONTENT_EVENTS = [pageContentSetEvent] as const;

registerEvents(...PAGE_CONTENT_EVENTS);
