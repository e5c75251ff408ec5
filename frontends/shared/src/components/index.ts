export { ErrorBoundary } from './ErrorBoundary';
export { PageContent } from './PageContent';
