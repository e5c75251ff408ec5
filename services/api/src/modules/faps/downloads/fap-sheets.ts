import { Injectable } from '@nestjs/common';
import { callMessages } from '@user-office/contracts';
import { notFound } from '../../../platform/errors/app-error';
import { InstrumentsRepository } from '../../instruments';
import { ProposalsRepository, ProposalsService } from '../../proposals';
import { UsersService } from '../../users';
import { FapsService } from '../faps.service';
import { FapsRepository } from '../read-models/faps/faps.repository';
import type { FapSheetRow } from './fap-sheet-rows';

/** Loads the FAP spreadsheets' rows: the panel's proposals of a call per instrument, ranked (rankWithCutLine). */
@Injectable()
export class FapSheets {
  constructor(
    private readonly service: FapsService,
    private readonly repository: FapsRepository,
    private readonly proposals: ProposalsService,
    private readonly proposalsRepository: ProposalsRepository,
    private readonly instruments: InstrumentsRepository,
    private readonly users: UsersService,
  ) {}

  async call(callId: number) {
    return this.proposals.callOf(callId).catch(() => {
      throw notFound(callMessages.notFound);
    });
  }

  /** the live panels reviewing an instrument of the call or holding one of its proposals, by code */
  async fapsOfCall(callId: number) {
    const ids = new Set<number>();
    for (const i of await this.instruments.ofCall(callId)) if (i.fapId !== null) ids.add(i.fapId);
    for (const p of await this.repository.fapProposals({ callId })) ids.add(p.fapId);
    return this.repository.byIds([...ids]);
  }

  async byInstrument(
    fapId: number,
    callId: number,
  ): Promise<{ instrumentName: string; rows: FapSheetRow[] }[]> {
    const ranked = await this.service.fapProposals(fapId, { callId });
    const proposals = new Map(
      (await this.proposalsRepository.proposals([...new Set(ranked.map((r) => r.proposalPk))])).map((p) => [
        p.primaryKey,
        p,
      ]),
    );
    const names = await this.users.displayNames([
      ...new Set([...proposals.values()].map((p) => p.proposerId)),
    ]);
    const onCall = await this.instruments.ofCall(callId);
    const instrumentIds = [
      ...new Set(ranked.map((r) => r.instrumentId).filter((i): i is number => i !== null)),
    ];
    const instruments = new Map((await this.instruments.byIds(instrumentIds)).map((i) => [i.id, i.name]));
    const groups = new Map<number, FapSheetRow[]>();
    for (const r of ranked) {
      const p = proposals.get(r.proposalPk);
      if (!p) continue;
      const key = r.instrumentId ?? 0;
      const rows = groups.get(key) ?? [];
      rows.push({
        proposalId: p.proposalId,
        title: p.title,
        principalInvestigator: names.get(p.proposerId) ?? '',
        instrument:
          r.instrumentId === null ? '' : (instruments.get(r.instrumentId) ?? String(r.instrumentId)),
        availabilityTime: onCall.find((i) => i.instrumentId === r.instrumentId)?.availabilityTime ?? null,
        technicalReviewTime: r.technicalReviewTime,
        fapTime: r.fapTimeAllocation,
        averageGrade: r.averageGrade,
        rank: r.rank,
        inAvailabilityZone: r.inAvailabilityZone,
        decision: r.meetingDecision?.recommendation ?? null,
        commentForUser: r.meetingDecision?.commentForUser ?? null,
        commentForManagement: r.meetingDecision?.commentForManagement ?? null,
      });
      groups.set(key, rows);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => (instruments.get(a) ?? '~').localeCompare(instruments.get(b) ?? '~'))
      .map(([id, rows]) => ({
        instrumentName: id === 0 ? 'No instrument' : (instruments.get(id) ?? String(id)),
        rows: rows.sort(
          (x, y) => (x.rank ?? 0) - (y.rank ?? 0) || (x.averageGrade ?? 99) - (y.averageGrade ?? 99),
        ),
      }));
  }
}
