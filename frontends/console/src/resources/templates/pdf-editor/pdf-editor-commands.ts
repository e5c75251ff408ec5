import { ApiError, request } from '@user-office/frontend-shared/graphql-client';
import { i18n } from '@user-office/frontend-shared/i18n';
import { storedToken } from '@user-office/frontend-shared/session';
import {
  ConsolePdfTemplateDocument,
  ConsoleUpdatePdfTemplateDocument,
  type ConsolePdfTemplateTextsFragment,
} from '../../../gql/graphql';

/** The editable parts of a PDF template (§3 PDF template): the Handlebars texts and the dummy data. */
export type PdfTemplateTexts = Omit<ConsolePdfTemplateTextsFragment, 'pdfTemplateId' | '__typename'>;

/** Where the api prints a preview of unsaved texts (the downloads module, officers only). */
export const PREVIEW_PATH = '/download/pdf/template-preview';

/**
 * The PDF template editor's calls: getTemplate + getPdfTemplate, updatePdfTemplate (§7 "PDF template get and
 * update"), and the preview: the texts POSTed to the api, which answers the PDF its Chromium printed.
 */
export const pdfEditorCommands = {
  load: (templateId: number) => request(ConsolePdfTemplateDocument, { templateId }),
  save: async (pdfTemplateId: number, texts: PdfTemplateTexts) =>
    (await request(ConsoleUpdatePdfTemplateDocument, { pdfTemplateId, ...texts })).updatePdfTemplate,
  /** The PDF of the texts with their dummy data; ApiError with the server's message (and the failing part). */
  preview: async (texts: PdfTemplateTexts): Promise<Blob> => {
    const token = storedToken();
    let response: Response;
    try {
      response = await fetch(PREVIEW_PATH, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(texts),
      });
    } catch {
      throw new ApiError(i18n.t('errors.connectionProblem'), 'CONNECTION_REFUSED');
    }
    if (response.ok) return response.blob();
    const answer = (await response.json().catch(() => null)) as {
      message?: string;
      code?: string;
      fieldErrors?: Record<string, string>;
    } | null;
    throw new ApiError(
      answer?.message || i18n.t('errors.generic'),
      answer?.code ?? String(response.status),
      answer?.fieldErrors ?? {},
    );
  },
};
