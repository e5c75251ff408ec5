import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates';
import { ProposalChangesCsvController } from './queries/proposal-history/proposal-changes-csv.controller';
import { ProposalEventsRepository } from './queries/proposal-history/proposal-events.repository';
import { ProposalHistoryResolver } from './queries/proposal-history/proposal-history.resolver';
import { ProposalHistory } from './queries/proposal-history/proposal-history.service';

/** Auditors (issue 32): a proposal as of an instant and what changed between two, folded from the events. */
@Module({
  imports: [TemplatesModule],
  controllers: [ProposalChangesCsvController],
  providers: [ProposalEventsRepository, ProposalHistory, ProposalHistoryResolver],
  exports: [ProposalHistory],
})
export class AuditModule {}
