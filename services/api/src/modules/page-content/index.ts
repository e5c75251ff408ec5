export { PageContentModule } from './page-content.module';
