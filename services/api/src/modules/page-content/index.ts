export { PageContentModule } from './page-content.module';
export { sanitizePageContent } from './domain/sanitize-page-content';
