import {
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNIQUE_CREATED,
  TECHNIQUE_INSTRUMENTS_ASSIGNED,
  TECHNIQUE_SCIENTISTS_ASSIGNED,
  techniqueStreamId,
  type ProposalTechniquesAssignedData,
  type TechniqueCreatedData,
} from '@user-office/contracts';
import { digest, num, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, existingIds, maxOf } from './advance-sequence';

/** rows grouped by a numeric column */
const groupBy = <T extends Record<string, unknown>>(rows: T[], column: string): Map<number, T[]> => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(num(r[column]), [...(m.get(num(r[column])) ?? []), r]);
  return m;
};

/**
 * UOC `techniques` (+ `technique_has_scientists`, `technique_has_instruments`) → `TechniqueCreated`,
 * `TechniqueScientistsAssigned`, `TechniqueInstrumentsAssigned` on `technique-<id>`; `technique_has_proposals` →
 * `ProposalTechniquesAssigned` on the proposal's assessment stream. A missing user, instrument or proposal is a
 * problem (that link is left out).
 */
export const techniquesKind: ImportKind = {
  name: 'techniques',
  async run(ctx) {
    const rows = await ctx.rows(
      'SELECT technique_id, name, short_code, description FROM techniques ORDER BY 1',
    );
    const scientists = groupBy(
      await ctx.rows('SELECT technique_id, user_id FROM technique_has_scientists ORDER BY 1, 2'),
      'technique_id',
    );
    const instruments = groupBy(
      await ctx.rows('SELECT technique_id, instrument_id FROM technique_has_instruments ORDER BY 1, 2'),
      'technique_id',
    );
    const planned: Planned[] = [];
    const names = new Map<number, string>();
    for (const r of rows) {
      const id = num(r.technique_id);
      const from = `uoc:techniques/${id}`;
      names.set(id, str(r.name));
      const data: TechniqueCreatedData = {
        id,
        name: str(r.name),
        shortCode: str(r.short_code),
        description: str(r.description),
      };
      planned.push({
        streamId: techniqueStreamId(id),
        key: `techniques/${id}`,
        type: TECHNIQUE_CREATED,
        data,
        at: null,
        actorId: null,
        from,
      });
      const users = (scientists.get(id) ?? []).map((s) => num(s.user_id));
      for (const u of users.filter((x) => !ctx.users.has(x)))
        ctx.problem('technique_has_scientists', `technique_id=${id} user_id=${u}`, 'the user does not exist');
      const knownUsers = users.filter((x) => ctx.users.has(x));
      if (knownUsers.length > 0)
        planned.push({
          streamId: techniqueStreamId(id),
          key: `technique_has_scientists/${id}/${digest(knownUsers)}`,
          type: TECHNIQUE_SCIENTISTS_ASSIGNED,
          data: { techniqueId: id, scientistIds: knownUsers },
          at: null,
          actorId: null,
          from,
        });
      const insts = (instruments.get(id) ?? []).map((s) => num(s.instrument_id));
      for (const i of insts.filter((x) => !ctx.instruments.has(x)))
        ctx.problem(
          'technique_has_instruments',
          `technique_id=${id} instrument_id=${i}`,
          'the instrument does not exist',
        );
      const knownInsts = insts.filter((x) => ctx.instruments.has(x));
      if (knownInsts.length > 0)
        planned.push({
          streamId: techniqueStreamId(id),
          key: `technique_has_instruments/${id}/${digest(knownInsts)}`,
          type: TECHNIQUE_INSTRUMENTS_ASSIGNED,
          data: { techniqueId: id, instrumentIds: knownInsts },
          at: null,
          actorId: null,
          from,
        });
    }
    ctx.count('techniques', rows.length, await ctx.write('techniques', planned));
    await advanceSequence(ctx, 'technique_id_seq', maxOf(rows, 'technique_id'));

    // technique ↔ proposal (UOC's column `proposal_id` holds the proposal's pk), a batch of proposals at a time
    const links = await ctx.rows(
      'SELECT technique_id, proposal_id AS proposal_pk FROM technique_has_proposals ORDER BY proposal_id, technique_id',
    );
    const byProposal = groupBy(links, 'proposal_pk');
    const pks = [...byProposal.keys()];
    let events = 0;
    for (let i = 0; i < pks.length; i += 1000) {
      const batch = pks.slice(i, i + 1000);
      const imported = await existingIds(ctx, 'proposals', 'proposal_pk', batch);
      const assigned: Planned[] = [];
      for (const pk of batch) {
        const row = `technique_has_proposals proposal_id=${pk}`;
        if (!imported.has(pk)) {
          ctx.problem('technique_has_proposals', row, 'the proposal was not imported: left out');
          continue;
        }
        const techniques = (byProposal.get(pk) ?? [])
          .map((l) => num(l.technique_id))
          .filter((t) => {
            if (names.has(t)) return true;
            ctx.problem(
              'technique_has_proposals',
              `${row} technique_id=${t}`,
              'the technique does not exist',
            );
            return false;
          })
          .map((t) => ({ id: t, name: names.get(t)! }));
        if (techniques.length === 0) continue;
        const data: ProposalTechniquesAssignedData = { proposalPk: pk, techniques };
        assigned.push({
          streamId: `proposal-assessment-${pk}`,
          key: `technique_has_proposals/${pk}/${digest(techniques)}`,
          type: PROPOSAL_TECHNIQUES_ASSIGNED,
          data,
          at: null,
          actorId: null,
          from: `uoc:technique_has_proposals/${pk}`,
        });
      }
      events += await ctx.write('technique proposals', assigned);
    }
    ctx.count('technique proposals', links.length, events);
  },
};
