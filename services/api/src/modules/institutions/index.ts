export { InstitutionsModule } from './institutions.module';
