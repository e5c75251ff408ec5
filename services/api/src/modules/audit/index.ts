export { AuditModule } from './audit.module';
export { ProposalHistory } from './queries/proposal-history/proposal-history.service';
