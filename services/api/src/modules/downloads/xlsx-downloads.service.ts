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
   * The proposals of a sheet the caller reads, by the one read rule (ProposalReaders), in the order asked, with the
   * allocation units of their calls (the proposal sheet's time column). A sheet is a list (issue 38: lists filter):
   * officers and API tokens get every proposal named, "Proposal not found" (nothing written) when one does not
   * exist; anyone else gets those they may read, the others left out, missing ones alike, and a sheet left with none
   * is refused as the proposal itself is ("You may not see this proposal"), so it says nothing about existence.
   */
  async readable(
    caller: SessionUser | null,
    pks: readonly number[],
  ): Promise<{ pks: number[]; units: Set<string | null> }> {
    const units = new Set<string | null>();
    const kept: number[] = [];
    const officer = this.readers.isOfficer(caller);
    for (const batch of batchesOf(pks)) {
      const rows = await this.views.byPks(batch);
      if (officer && rows.length !== new Set(batch).size) throw notFound(proposalRuleMessages.notFound);
      const readable = await this.readers.readablePks(
        caller,
        rows.map((r) => r.primaryKey),
      );
      for (const row of rows) if (readable.has(row.primaryKey)) units.add(row.allocationTimeUnit);
      kept.push(...batch.filter((pk) => readable.has(pk)));
    }
    if (kept.length === 0 && pks.length > 0) throw forbidden(proposalRuleMessages.mayNotRead);
    return { pks: kept, units };
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
