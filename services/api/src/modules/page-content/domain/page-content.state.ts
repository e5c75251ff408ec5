import { PAGE_CONTENT_SET, type PageContentSetData } from '@user-office/contracts';

/** One content page as folded from its `page-<PAGENAME>` stream. */
export interface PageContentState {
  /** the page's current HTML; empty until it is first set */
  content: string;
}

export const initialPageContentState: PageContentState = { content: '' };

export function evolvePageContent(
  state: PageContentState,
  event: { type: string; data: unknown },
): PageContentState {
  switch (event.type) {
    case PAGE_CONTENT_SET:
      return { content: (event.data as PageContentSetData).content };
    default:
      return state;
  }
}
