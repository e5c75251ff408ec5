import {
  visitMessages as V,
  visitRuleMessages as M,
  visitWorkflowEvents,
  VisitRegistrationStatus as S,
} from '@user-office/contracts';
import { visitDecider, type VisitActor, type VisitCommand } from './visit.decide';

type Event = { type: string; data: unknown };
const given = (events: Event[]) => events.reduce(visitDecider.evolve, visitDecider.initialState);
const decide = (command: VisitCommand, events: Event[]) => visitDecider.decide(command, given(events));
const error = (code: string, message: string) => expect.objectContaining({ code, message });

const nobody: VisitActor = { id: 1, isOfficer: false, isMember: false };
const pi: VisitActor = { id: 2, isOfficer: false, isMember: true };
const coProposer: VisitActor = { id: 3, isOfficer: false, isMember: true };
const visitor: VisitActor = { id: 4, isOfficer: false, isMember: false };
const officer: VisitActor = { id: 5, isOfficer: true, isMember: false };
const of = { visitId: 11, experimentPk: 7 };
const created: Event = {
  type: 'VisitCreated',
  data: { ...of, proposalPk: 5, team: [3, 4], teamLeadUserId: 3, creatorId: 2 },
};
const started = (userId: number) => ({
  type: 'VisitRegistrationQuestionaryCreated',
  data: { ...of, userId, registrationQuestionaryId: 100 + userId },
});
const dated = (userId: number) => ({
  type: 'VisitRegistrationUpdated',
  data: { ...of, userId, startsAt: '2030-01-01T08:00:00.000Z', endsAt: '2030-01-03T08:00:00.000Z' },
});
const submitted = (userId: number) => ({ type: 'VisitRegistrationSubmitted', data: { ...of, userId } });
const approved = (userId: number) => ({
  type: 'VisitRegistrationApproved',
  data: { ...of, userId, reviewedBy: 5 },
});
const changesRequested = (userId: number) => ({
  type: 'VisitRegistrationChangesRequested',
  data: { ...of, userId, reviewedBy: 5 },
});
const cancelled = (userId: number, byFacility: boolean) => ({
  type: 'VisitRegistrationCancelled',
  data: { ...of, userId, byFacility },
});
const ready = (userId: number) => [created, started(userId), dated(userId)];

const create = (over: Partial<Extract<VisitCommand, { type: 'CreateVisit' }>> = {}): VisitCommand => ({
  type: 'CreateVisit',
  visitId: 11,
  experimentPk: 7,
  proposalPk: 5,
  actor: pi,
  proposalReady: true,
  team: [3, 4],
  teamLeadUserId: 3,
  unknownUsers: [],
  ...over,
});
const submit = (actor: VisitActor, questionaryComplete = true): VisitCommand => ({
  type: 'SubmitVisitRegistration',
  visitId: 11,
  actor,
  questionaryComplete,
});
const review = (
  decision: 'APPROVE' | 'REQUEST_CHANGES',
  userIds: number[],
  actor = officer,
): VisitCommand => ({
  type: 'ReviewVisitRegistrations',
  visitId: 11,
  actor,
  userIds,
  decision,
});
const cancel = (userId: number, actor: VisitActor): VisitCommand => ({
  type: 'CancelVisitRegistration',
  visitId: 11,
  actor,
  userId,
});
const status = (events: Event[], userId: number) => given(events).registrations.get(userId)?.status;

describe('the visit decider', () => {
  describe('defining the visit team', () => {
    it('creates a visit of the PI or a co-proposer, with a drafted registration per visitor', () => {
      expect(decide(create(), [])).toEqual([created]);
      expect(decide(create({ actor: coProposer, team: [3], teamLeadUserId: 3 }), [])).toHaveLength(1);
      const state = given([created]);
      expect([...state.registrations.values()].map((r) => [r.userId, r.status])).toEqual([
        [3, S.DRAFTED],
        [4, S.DRAFTED],
      ]);
    });

    it.each([
      ['not a member', create({ actor: nobody }), 'FORBIDDEN', M.onlyMembers],
      [
        'an officer (the team is the proposers’ to define)',
        create({ actor: officer }),
        'FORBIDDEN',
        M.onlyMembers,
      ],
      ['the proposal not ready', create({ proposalReady: false }), 'BAD_USER_INPUT', M.notAccepted],
      ['no visitors', create({ team: [] }), 'BAD_USER_INPUT', V.visitorsRequired],
      ['a lead out of the team', create({ teamLeadUserId: 9 }), 'BAD_USER_INPUT', V.teamLeadMustBeVisitor],
      ['an unknown visitor', create({ unknownUsers: [4] }), 'BAD_USER_INPUT', M.userNotAvailable],
    ])('refuses %s', (_, command, code, message) => {
      expect(() => decide(command, [])).toThrow(error(code, message));
    });

    it('refuses a second visit of the experiment, and allows a new one after a delete', () => {
      expect(() => decide(create(), [created])).toThrow(error('BAD_USER_INPUT', M.exists));
      const deleted = { type: 'VisitDeleted', data: of };
      expect(decide(create({ visitId: 12 }), [created, deleted])).toHaveLength(1);
    });

    it('updates the team: a new visitor drafted, a visitor left out loses the registration, unchanged is nothing', () => {
      const command: VisitCommand = {
        type: 'UpdateVisit',
        visitId: 11,
        actor: pi,
        team: [3, 6],
        teamLeadUserId: 6,
        unknownUsers: [],
      };
      const events = decide(command, [created, started(3)]);
      expect(events).toEqual([{ type: 'VisitUpdated', data: { ...of, team: [3, 6], teamLeadUserId: 6 } }]);
      const state = given([created, started(3), ...(events as Event[])]);
      expect(state.registrations.get(3)?.registrationQuestionaryId).toBe(103);
      expect(state.registrations.get(6)?.status).toBe(S.DRAFTED);
      expect(state.registrations.has(4)).toBe(false);
      expect(decide({ ...command, team: [3, 4], teamLeadUserId: 3 }, [created])).toEqual([]);
      expect(() => decide({ ...command, actor: visitor }, [created])).toThrow(
        error('FORBIDDEN', M.onlyMembers),
      );
      expect(() => decide({ ...command, visitId: 99 }, [created])).toThrow(
        error('NOT_FOUND', M.visitNotFound),
      );
      expect(() => decide({ ...command, teamLeadUserId: 1 }, [created])).toThrow(
        error('BAD_USER_INPUT', V.teamLeadMustBeVisitor),
      );
    });

    it('deletes a visit for its members and the user office only', () => {
      const command: VisitCommand = { type: 'DeleteVisit', visitId: 11, actor: officer };
      expect(decide(command, [created])).toEqual([{ type: 'VisitDeleted', data: of }]);
      expect(decide({ ...command, actor: pi }, [created])).toHaveLength(1);
      expect(() => decide({ ...command, actor: visitor }, [created])).toThrow(
        error('FORBIDDEN', M.onlyMembers),
      );
      expect(() => decide(command, [])).toThrow(error('NOT_FOUND', M.visitNotFound));
    });
  });

  describe('a registration', () => {
    it('gets its questionary once, for the visitor only, and needs an active template', () => {
      const command: VisitCommand = {
        type: 'CreateVisitRegistration',
        visitId: 11,
        actor: visitor,
        userId: 4,
        registrationQuestionaryId: 104,
      };
      expect(decide(command, [created])).toEqual([started(4)]);
      expect(decide(command, [created, started(4)])).toEqual([]);
      expect(() => decide({ ...command, registrationQuestionaryId: null }, [created])).toThrow(
        error('BAD_USER_INPUT', M.noActiveTemplate),
      );
      expect(() => decide({ ...command, actor: pi }, [created])).toThrow(
        error('FORBIDDEN', M.onlyRegistrant),
      );
      expect(() => decide({ ...command, actor: nobody, userId: 1 }, [created])).toThrow(
        error('FORBIDDEN', M.notVisitor),
      );
    });

    it('records the dates of the registrant; the same dates again are nothing', () => {
      const command: VisitCommand = {
        type: 'UpdateVisitRegistration',
        visitId: 11,
        actor: visitor,
        startsAt: '2030-01-01T08:00:00.000Z',
        endsAt: '2030-01-03T08:00:00.000Z',
      };
      expect(decide(command, [created, started(4)])).toEqual([dated(4)]);
      expect(decide(command, ready(4))).toEqual([]);
      expect(() => decide({ ...command, actor: nobody }, [created])).toThrow(
        error('FORBIDDEN', M.notVisitor),
      );
    });

    it('submits only when it has a questionary, both dates and complete answers', () => {
      expect(decide(submit(visitor), ready(4))).toEqual([submitted(4)]);
      expect(() => decide(submit(visitor), [created])).toThrow(error('BAD_USER_INPUT', M.noQuestionary));
      expect(() => decide(submit(visitor), [created, started(4)])).toThrow(
        error('BAD_USER_INPUT', V.startRequired),
      );
      expect(() => decide(submit(visitor, false), ready(4))).toThrow(error('BAD_USER_INPUT', M.incomplete));
      expect(() => decide(submit(pi), ready(4))).toThrow(error('FORBIDDEN', M.notVisitor));
    });

    it('is locked once submitted, editable again when changes are requested ("Submit changes")', () => {
      const locked = [...ready(4), submitted(4)];
      expect(status(locked, 4)).toBe(S.SUBMITTED);
      expect(() => decide(submit(visitor), locked)).toThrow(error('BAD_USER_INPUT', M.locked));
      const update: VisitCommand = {
        type: 'UpdateVisitRegistration',
        visitId: 11,
        actor: visitor,
        startsAt: '2030-02-01T08:00:00.000Z',
        endsAt: '2030-02-03T08:00:00.000Z',
      };
      expect(() => decide(update, locked)).toThrow(error('BAD_USER_INPUT', M.locked));
      const reopened = [...locked, changesRequested(4)];
      expect(status(reopened, 4)).toBe(S.CHANGE_REQUESTED);
      expect(decide(update, reopened)).toHaveLength(1);
      expect(decide(submit(visitor), reopened)).toEqual([submitted(4)]);
      const done = [...locked, approved(4)];
      expect(status(done, 4)).toBe(S.APPROVED);
      expect(() => decide(update, done)).toThrow(error('BAD_USER_INPUT', M.notEditable(S.APPROVED)));
    });
  });

  describe('approving and requesting changes (the user office, one or several)', () => {
    const both = [created, started(3), dated(3), started(4), dated(4), submitted(3), submitted(4)];

    it('approves several registrations of the visit in one decision', () => {
      expect(decide(review('APPROVE', [3, 4]), both)).toEqual([approved(3), approved(4)]);
      expect(decide(review('REQUEST_CHANGES', [4]), both)).toEqual([changesRequested(4)]);
    });

    it('is safe to retry: what is already done decides nothing', () => {
      expect(decide(review('APPROVE', [3, 4]), [...both, approved(3)])).toEqual([approved(4)]);
      expect(decide(review('APPROVE', [3, 4]), [...both, approved(3), approved(4)])).toEqual([]);
      expect(decide(review('REQUEST_CHANGES', [4]), [...both, changesRequested(4)])).toEqual([]);
    });

    it('is atomic: one registration that may not be decided refuses them all', () => {
      const oneDrafted = [created, started(3), dated(3), submitted(3)];
      expect(() => decide(review('APPROVE', [3, 4]), oneDrafted)).toThrow(
        error('BAD_USER_INPUT', M.notSubmitted),
      );
      expect(() => decide(review('APPROVE', [3, 9]), oneDrafted)).toThrow(
        error('NOT_FOUND', M.registrationNotFound),
      );
    });

    it('is the user office’s only', () => {
      expect(() => decide(review('APPROVE', [3], pi), both)).toThrow(
        expect.objectContaining({ code: 'FORBIDDEN' }),
      );
    });
  });

  describe('cancelling', () => {
    it.each([
      ['drafted', [created]],
      ['submitted', [...ready(4), submitted(4)]],
      ['change-requested', [...ready(4), submitted(4), changesRequested(4)]],
    ])('cancels a %s registration by the visitor or the facility', (_, events) => {
      expect(decide(cancel(4, visitor), events)).toEqual([cancelled(4, false)]);
      expect(decide(cancel(4, officer), events)).toEqual([cancelled(4, true)]);
      expect(status([...events, cancelled(4, true)], 4)).toBe(S.CANCELLED_BY_FACILITY);
      expect(status([...events, cancelled(4, false)], 4)).toBe(S.CANCELLED_BY_USER);
    });

    it('refuses approved or cancelled ones, and other users', () => {
      const done = [...ready(4), submitted(4), approved(4)];
      expect(() => decide(cancel(4, visitor), done)).toThrow(error('BAD_USER_INPUT', M.notCancellable));
      expect(() => decide(cancel(4, visitor), [created, cancelled(4, false)])).toThrow(
        error('BAD_USER_INPUT', M.notCancellable),
      );
      expect(() => decide(cancel(4, pi), [created])).toThrow(error('FORBIDDEN', M.mayNotCancel));
    });
  });

  it('names the workflow event of each state change a facility reacts to', () => {
    expect(
      [created, submitted(4), approved(4), changesRequested(4), cancelled(4, true), dated(4)].map((e) =>
        visitWorkflowEvents(e),
      ),
    ).toEqual([
      ['EXPERIMENT_VISIT_CREATED'],
      ['EXPERIMENT_VISIT_REGISTRATION_SUBMITTED'],
      ['EXPERIMENT_VISIT_REGISTRATION_APPROVED'],
      ['EXPERIMENT_VISIT_REGISTRATION_CHANGES_REQUESTED'],
      ['EXPERIMENT_VISIT_REGISTRATION_CANCELLED'],
      [],
    ]);
  });
});
