import { object, string, type InferType } from 'yup';

import { PageName } from '../enums';

/** The longest page content accepted, in characters (checked before and after sanitising). */
export const pageContentMax = 100000;

/** Page content (administration); not quoted in the spec. */
export const pageContentMessages = {
  pageRequired: 'Page is required',
  unknownPage: (pageId: string): string => `Unknown page: ${pageId}`,
  contentRequired: 'Content is required',
  contentTooLong: 'Content is too long',
} as const;

/** Input of `setPageContent`: the page and its HTML (empty clears the page). */
export const setPageContentSchema = object({
  pageId: string<PageName>()
    .required(pageContentMessages.pageRequired)
    .oneOf(Object.values(PageName), ({ value }: { value: unknown }) =>
      pageContentMessages.unknownPage(String(value)),
    ),
  content: string()
    .defined(pageContentMessages.contentRequired)
    .max(pageContentMax, pageContentMessages.contentTooLong),
});

export type SetPageContentInput = InferType<typeof setPageContentSchema>;
