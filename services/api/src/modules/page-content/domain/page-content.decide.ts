import {
  PAGE_CONTENT_SET,
  pageContentMax,
  pageContentMessages,
  type PageContentSetData,
  type PageName,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { badInput } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { evolvePageContent, initialPageContentState, type PageContentState } from './page-content.state';
import { sanitizePageContent } from './sanitize-page-content';

export type PageContentCommand = { type: 'SetPageContent'; pageId: PageName; content: string };

/**
 * Pure: the events setting a page's content leads to. The content is sanitised here, so no unsafe HTML can
 * reach the stream whoever sends the command; nothing is decided when the sanitised content is unchanged.
 */
export function decidePageContent(command: PageContentCommand, state: PageContentState): NewEvent[] {
  switch (command.type) {
    case 'SetPageContent': {
      const content = sanitizePageContent(command.content);
      // escaping (`<` → `&lt;`) can make sanitised HTML longer than what was checked on input
      if (content.length > pageContentMax) {
        throw badInput(pageContentMessages.contentTooLong, { content: pageContentMessages.contentTooLong });
      }
      if (content === state.content) return [];
      const data: PageContentSetData = { pageId: command.pageId, content };
      return [{ type: PAGE_CONTENT_SET, data }];
    }
  }
}

export const pageContentDecider: Decider<PageContentState, PageContentCommand> = {
  initialState: initialPageContentState,
  evolve: evolvePageContent,
  decide: decidePageContent,
};
