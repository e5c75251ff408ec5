import { Injectable } from '@nestjs/common';
import { proposalRuleMessages, Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { InstrumentsRepository } from '../instruments';
import { ProposalViewsRepository } from '../proposal-views';
import { ProposalsRepository } from '../proposals';
import { TechnicalReviewsRepository } from '../technical-reviews';
import type { ProposalSheetItem, TechniqueSheetItem } from './domain/xlsx-sheets';

export const XLSX_OUT_OF_SCOPE = 'You may export only the proposals of your instruments and techniques';

/** How many proposals are loaded and written at a time: memory stays flat whatever the selection. */
export const XLSX_BATCH = 500;

type View = Awaited<ReturnType<ProposalViewsRepository['byPks']>>[number];

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
    private readonly instruments: InstrumentsRepository,
  ) {}

  /**
   * NOT_FOUND unless every proposal exists; a scientist FORBIDDEN on one outside their instruments and techniques.
   * Answers the allocation units of the proposals' calls (the proposal sheet's time column).
   */
  async assertReadable(caller: SessionUser | null, pks: readonly number[]): Promise<Set<string | null>> {
    const scope = await this.scientistScope(caller);
    const units = new Set<string | null>();
    for (const batch of batchesOf(pks)) {
      const rows = await this.views.byPks(batch);
      if (rows.length !== batch.length) throw notFound(proposalRuleMessages.notFound);
      if (scope && rows.some((row) => !this.inScope(row, scope))) throw forbidden(XLSX_OUT_OF_SCOPE);
      for (const row of rows) units.add(row.allocationTimeUnit);
    }
    return units;
  }

  /** The instruments and techniques of a scientist; null for officers and API tokens (everything). */
  private async scientistScope(
    caller: SessionUser | null,
  ): Promise<{ instrumentIds: Set<number>; techniqueIds: Set<number> } | null> {
    if (!caller || caller.currentRole === Role.USER_OFFICER) return null;
    return {
      instrumentIds: new Set(await this.instruments.idsOfScientist(caller.id)),
      techniqueIds: new Set(await this.instruments.techniqueIdsOfScientist(caller.id)),
    };
  }

  private inScope(row: View, scope: { instrumentIds: Set<number>; techniqueIds: Set<number> }): boolean {
    return (
      row.instruments.some((i) => scope.instrumentIds.has(i.id)) ||
      row.techniques.some((t) => scope.techniqueIds.has(t.id))
    );
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
