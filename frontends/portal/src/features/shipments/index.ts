import './translations';

export { DeclareShipmentsPage } from './components/DeclareShipmentsPage';
