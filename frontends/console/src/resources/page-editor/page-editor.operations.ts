import type { GetOneParams, UpdateParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsolePageContentDocument, ConsoleSetPageContentDocument, type PageName } from '../../gql/graphql';

/**
 * Page editor (`/console/PageEditor`): a page's content by its name (§3 page names): getOne →
 * getPageContent(pageId); update → setPageContent(pageId, content), sanitised by the api.
 */
export const pageEditorOperations: ResourceOperations = {
  GET_ONE: (params: GetOneParams) =>
    operation(ConsolePageContentDocument, { pageId: String(params.id) as PageName }, (data) => ({
      data: { id: String(params.id), content: data.getPageContent ?? '' },
    })),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleSetPageContentDocument,
      {
        pageId: String(params.id) as PageName,
        content: String((params.data as { content?: unknown }).content ?? ''),
      },
      (data) => ({ data: { id: String(params.id), content: data.setPageContent.content ?? '' } }),
    ),
};
