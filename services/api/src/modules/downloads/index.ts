export { DownloadsModule } from './downloads.module';
export { PdfRenderer, PDF_CONCURRENCY, type PdfPageOptions } from './pdf-renderer';
export {
  renderAnswer,
  isShownAnswer,
  type AnswerRenderContext,
  type RenderedAnswer,
} from './domain/render-answer';
export { setDownloadHeaders } from './download-headers';
export { newWorkbookWriter, type WorkbookWriter } from './xlsx-stream';
