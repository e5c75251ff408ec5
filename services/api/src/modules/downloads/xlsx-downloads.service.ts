import { Injectable } from '@nestjs/common';
import { proposalRuleMessages } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { ProposalViewsRepository } from '../proposal-views';
import { ProposalReaders, ProposalsRepository } from '../proposals';
import { TechnicalReviewsRepository } from '../technical-reviews';
import type { ProposalSheetItem, TechniqueSheetItem } from './domain/xlsx-sheets';

/** How many proposals are loaded and written at a time: memory stays flat whatever the selection. */
export const XLSX_BATCH = 500;

const inOrder = <T extends { primaryKey: number }>(pks: readonly number[], rows: readonly T[]): T[] => {
  const byPk = new Map(rows.map((r) => [r.primaryKey, r]));
  return pks.flatMap((pk) => byPk.get(pk) ?? []);
};

const batchesOf = (pks: readonly number[]): number[][] => {
  const batches: number[][] = [];
  for (let i = 0; i < pks.length; i += XLSX_BATCH) batches.push(pks.slice(i, i + XLSX_BATCH));
  return batches;
};

/**
 * What the XLSX downloads read (§7 `/download/xlsx/proposal/{ids}`, `/download/xlsx/technique/{ids}`): the staff
 * table's rows (PI, status, call unit, instruments, techniques), the technical reviews and the management comment,
 * a batch of proposals at a time, in the order asked.
 */
@Injectable()
export class XlsxDownloads {
  constructor(
    private readonly views: ProposalViewsRepository,
    private readonly proposals: ProposalsRepository,
    private readonly reviews: TechnicalReviewsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  /**
   * By the one read rule (ProposalReaders), like every download: a sheet is a read of each proposal it names, so
   * one the caller may not read, or one that does not exist, refuses the whole sheet with "You may not see this
   * proposal" (officers and API tokens: "Proposal not found" for a missing one); nothing is written.
   * Answers the allocation units of the proposals' calls (the proposal sheet's time column).
   */
  async assertReadable(caller: SessionUser | null, pks: readonly number[]): Promise<Set<string | null>> {
    const units = new Set<string | null>();
    for (const batch of batchesOf(pks)) {
      const rows = await this.views.byPks(batch);
      if (rows.length !== batch.length) {
        this.readers.missing(caller);
        throw notFound(proposalRuleMessages.notFound);
      }
      const readable = await this.readers.readablePks(caller, batch);
      if (batch.some((pk) => !readable.has(pk))) throw forbidden(proposalRuleMessages.mayNotRead);
      for (const row of rows) units.add(row.allocationTimeUnit);
    }
    return units;
  }

  async *proposalItems(pks: readonly number[]): AsyncIterable<ProposalSheetItem[]> {
    for (const batch of batchesOf(pks)) {
      const [views, proposals, reviews] = await Promise.all([
        this.views.byPks(batch),
        this.proposals.proposals(batch),
        this.reviews.byProposals(batch),
      ]);
      const management = new Map(proposals.map((p) => [p.primaryKey, p.commentForManagement]));
      const review = new Map(reviews.map((r) => [`${r.proposalPk}:${r.instrumentId}`, r]));
      yield inOrder(batch, views).map((view) => ({
        proposalId: view.proposalId,
        title: view.title,
        pi: view.principalInvestigator,
        allocationTimeUnit: view.allocationTimeUnit,
        commentForManagement: management.get(view.primaryKey) ?? '',
        finalStatus: view.finalStatus,
        instruments: view.instruments.map((instrument) => {
          const r = review.get(`${view.primaryKey}:${instrument.id}`);
          return {
            name: instrument.name,
            technicalStatus: r?.status ?? null,
            publicComment: r?.publicComment ?? null,
            timeAllocation: r?.timeAllocation ?? null,
          };
        }),
      }));
    }
  }

  async *techniqueItems(pks: readonly number[]): AsyncIterable<TechniqueSheetItem[]> {
    for (const batch of batchesOf(pks)) {
      yield inOrder(batch, await this.views.byPks(batch)).map((view) => ({
        proposalId: view.proposalId,
        title: view.title,
        pi: view.principalInvestigator,
        submittedDate: view.submittedDate,
        techniques: view.techniques.map((t) => t.name),
        instruments: view.instruments.map((i) => i.name),
        statusName: view.statusName,
      }));
    }
  }

  /** One proposal's reference and title (the file name of a one-proposal sheet). */
  async first(pk: number): Promise<{ proposalId: string; title: string }> {
    const [view] = await this.views.byPks([pk]);
    if (!view) throw notFound(proposalRuleMessages.notFound);
    return view;
  }
}
