export { ExternalAuth } from './components/ExternalAuth';
