import { iso, num, numOrNull, str, type ImportKind, type Planned, type Row } from '../import-context';
import { advanceSequence, experimentsInStore, groupBy, inBatches, questionaryEvents } from './support';

/**
 * Visits (`visit-<experimentPk>`: the team and its lead) and each visitor's registration: its questionary with the
 * answers, the dates, and the status UOC holds (submitted, approved, changes requested, cancelled).
 */
export const visitsKind: ImportKind = {
  name: 'visits',
  async run(ctx) {
    let read = 0;
    let events = 0;
    const seen = new Map<number, number>();
    await inBatches(ctx, 'visits', 'visits', 'visit_id', async (visits) => {
      const ids = visits.map((v) => num(v.visit_id));
      const experiments = await experimentsInStore(
        ctx,
        visits.map((v) => num(v.experiment_pk)),
      );
      const members = await ctx.rows(
        `SELECT visit_id, user_id, registration_questionary_id, starts_at, ends_at, status
           FROM visits_has_users WHERE visit_id = ANY($1::int[]) ORDER BY visit_id, user_id`,
        [ids],
      );
      const membersOf = groupBy(members, 'visit_id');
      // the visits the store already has of these experiments (a resumed run's earlier batches, or the product's)
      const { rows: stored } = await ctx.sql.query<{ experiment_pk: number; visit_id: number }>(
        'SELECT experiment_pk, visit_id FROM visits WHERE experiment_pk = ANY($1::int[])',
        [[...experiments.keys()]],
      );
      for (const v of stored)
        if (!seen.has(Number(v.experiment_pk))) seen.set(Number(v.experiment_pk), Number(v.visit_id));
      const planned: Planned[] = [];
      const registrations: Planned[] = [];
      const questionaries: { questionaryId: number; creatorId: number | null; from: string }[] = [];
      for (const v of visits) {
        const visitId = num(v.visit_id);
        const experimentPk = num(v.experiment_pk);
        const row = `visit_id=${visitId}`;
        const experiment = experiments.get(experimentPk);
        if (!experiment) {
          ctx.problem(
            'visits',
            row,
            `experiment ${experimentPk} was not imported (or does not exist): left out`,
          );
          continue;
        }
        const other = seen.get(experimentPk);
        if (other !== undefined && other !== visitId) {
          ctx.problem('visits', row, `experiment ${experimentPk} already has visit ${other}: left out`);
          continue;
        }
        seen.set(experimentPk, visitId);
        const stream = `visit-${experimentPk}`;
        const from = `uoc:visits/${visitId}`;
        const mine: Row[] = [];
        for (const m of membersOf.get(visitId) ?? []) {
          if (ctx.users.has(num(m.user_id))) mine.push(m);
          else
            ctx.problem(
              'visits_has_users',
              `visit_id=${visitId} user_id=${str(m.user_id)}`,
              'the visitor does not exist (a deleted user): left out',
            );
        }
        const team = mine.map((m) => num(m.user_id));
        const lead = num(v.team_lead_user_id);
        if (!ctx.users.has(lead))
          ctx.problem(
            'visits',
            row,
            `the team lead ${lead} does not exist (a deleted user): kept as the lead id`,
          );
        const creatorId = numOrNull(v.creator_id);
        planned.push({
          streamId: stream,
          key: `visits/${visitId}`,
          type: 'VisitCreated',
          data: {
            visitId,
            experimentPk,
            proposalPk: experiment.proposalPk,
            team,
            teamLeadUserId: lead,
            creatorId: creatorId !== null && ctx.users.has(creatorId) ? creatorId : null,
          },
          at: v.created_at as Date,
          actorId: creatorId,
          from,
        });
        for (const m of mine) {
          const userId = num(m.user_id);
          const of = { visitId, experimentPk, userId };
          const f = `uoc:visits_has_users/${visitId}/${userId}`;
          const key = `visits_has_users/${visitId}/${userId}`;
          const event = (suffix: string, type: string, data: unknown, actorId: number | null = userId) =>
            registrations.push({
              streamId: stream,
              key: `${key}/${suffix}`,
              type,
              data,
              at: v.created_at as Date,
              actorId,
              from: f,
            });
          if (m.registration_questionary_id !== null) {
            event('questionary', 'VisitRegistrationQuestionaryCreated', {
              ...of,
              registrationQuestionaryId: num(m.registration_questionary_id),
            });
            questionaries.push({
              questionaryId: num(m.registration_questionary_id),
              creatorId: userId,
              from: f,
            });
          }
          if (m.starts_at && m.ends_at)
            event(`dates/${iso(m.starts_at as Date)}/${iso(m.ends_at as Date)}`, 'VisitRegistrationUpdated', {
              ...of,
              startsAt: iso(m.starts_at as Date),
              endsAt: iso(m.ends_at as Date),
            });
          const status = str(m.status);
          if (['SUBMITTED', 'APPROVED', 'CHANGE_REQUESTED'].includes(status))
            event('submitted', 'VisitRegistrationSubmitted', of);
          if (status === 'APPROVED')
            event('approved', 'VisitRegistrationApproved', { ...of, reviewedBy: null }, null);
          else if (status === 'CHANGE_REQUESTED')
            event(
              'changes-requested',
              'VisitRegistrationChangesRequested',
              { ...of, reviewedBy: null },
              null,
            );
          else if (status === 'CANCELLED_BY_USER' || status === 'CANCELLED_BY_FACILITY')
            event(
              'cancelled',
              'VisitRegistrationCancelled',
              { ...of, byFacility: status === 'CANCELLED_BY_FACILITY' },
              status === 'CANCELLED_BY_USER' ? userId : null,
            );
          else if (status !== 'DRAFTED' && status !== 'SUBMITTED')
            ctx.problem(
              'visits_has_users',
              `visit_id=${visitId} user_id=${userId}`,
              `unknown registration status ${status}: left a draft`,
            );
        }
      }
      planned.push(...(await questionaryEvents(ctx, 'visits_has_users', questionaries)), ...registrations);
      read += visits.length;
      events += await ctx.write('visits', planned);
    });
    ctx.count('visits', read, events);
    const [m] = await ctx.rows('SELECT max(visit_id) AS m FROM visits');
    await advanceSequence(ctx, 'visit_id_seq', m.m);
  },
};
