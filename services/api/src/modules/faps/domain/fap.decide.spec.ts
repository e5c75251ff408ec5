import {
  Role,
  fapCreatedEvent,
  fapDeletedEvent,
  fapInstrumentSubmittedEvent,
  fapMemberAssignedEvent,
  fapMessages as M,
} from '@user-office/contracts';
import { fapDecider as decider, type FapCommand } from './fap.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(decider.evolve, decider.initialState);
const decide = (command: FapCommand, events: { type: string; data: unknown }[] = []) =>
  decider.decide(command, given(events));

const details = {
  code: 'FAP-1',
  description: 'Physics',
  numberRatingsRequired: 2,
  gradeGuide: null,
  customGradeGuide: null,
  active: true,
  files: null,
};
const created = fapCreatedEvent.create({ id: 3, ...details });

describe('Fap decider', () => {
  it('creates a panel', () => {
    expect(decide({ type: 'CreateFap', id: 3, namesakes: [], ...details })).toEqual([created]);
  });
  it('refuses a code another live panel has', () => {
    expect(() => decide({ type: 'CreateFap', id: 3, namesakes: [1], ...details })).toThrow(
      M.codeTaken('FAP-1'),
    );
    expect(() => decide({ type: 'UpdateFap', id: 3, namesakes: [1], ...details }, [created])).toThrow(
      M.codeTaken('FAP-1'),
    );
  });
  it('refuses to create a panel twice', () => {
    expect(() => decide({ type: 'CreateFap', id: 3, namesakes: [3], ...details }, [created])).toThrow();
  });
  it('updates, deciding nothing when nothing changed', () => {
    expect(decide({ type: 'UpdateFap', id: 3, namesakes: [3], ...details }, [created])).toEqual([]);
    expect(
      decide({ type: 'UpdateFap', id: 3, namesakes: [3], ...details, active: false }, [created]),
    ).toEqual([{ type: 'FapUpdated', data: { id: 3, ...details, active: false } }]);
  });
  it('deletes once; a deleted or unknown panel is not found', () => {
    expect(decide({ type: 'DeleteFap', id: 3 }, [created])).toEqual([fapDeletedEvent.create({ id: 3 })]);
    const deleted = [created, fapDeletedEvent.create({ id: 3 })];
    expect(() => decide({ type: 'DeleteFap', id: 3 }, deleted)).toThrow(M.notFound);
    expect(() => decide({ type: 'UpdateFap', id: 3, namesakes: [], ...details })).toThrow(M.notFound);
    expect(() =>
      decide(
        { type: 'AssignMembers', id: 3, role: Role.FAP_REVIEWER, userIds: [5], unknownUserIds: [] },
        deleted,
      ),
    ).toThrow(M.notFound);
  });
  it('assigns members once per role and refuses unknown users', () => {
    const member = fapMemberAssignedEvent.create({ fapId: 3, userId: 5, role: Role.FAP_REVIEWER });
    expect(
      decide({ type: 'AssignMembers', id: 3, role: Role.FAP_REVIEWER, userIds: [5, 5], unknownUserIds: [] }, [
        created,
      ]),
    ).toEqual([member]);
    expect(
      decide({ type: 'AssignMembers', id: 3, role: Role.FAP_REVIEWER, userIds: [5], unknownUserIds: [] }, [
        created,
        member,
      ]),
    ).toEqual([]);
    expect(
      decide({ type: 'AssignMembers', id: 3, role: Role.FAP_CHAIR, userIds: [5], unknownUserIds: [] }, [
        created,
        member,
      ]),
    ).toEqual([fapMemberAssignedEvent.create({ fapId: 3, userId: 5, role: Role.FAP_CHAIR })]);
    expect(() =>
      decide({ type: 'AssignMembers', id: 3, role: Role.FAP_CHAIR, userIds: [9], unknownUserIds: [9] }, [
        created,
      ]),
    ).toThrow(M.userNotFound(9));
  });
  it('removes a member in a role; removing one who is not there decides nothing', () => {
    const member = fapMemberAssignedEvent.create({ fapId: 3, userId: 5, role: Role.FAP_REVIEWER });
    expect(
      decide({ type: 'RemoveMember', id: 3, role: Role.FAP_REVIEWER, userId: 5 }, [created, member]),
    ).toEqual([{ type: 'FapMemberRemoved', data: { fapId: 3, userId: 5, role: Role.FAP_REVIEWER } }]);
    expect(
      decide({ type: 'RemoveMember', id: 3, role: Role.FAP_CHAIR, userId: 5 }, [created, member]),
    ).toEqual([]);
  });
  it('submits and unsubmits an instrument per call, once', () => {
    const submit: FapCommand = {
      type: 'SubmitInstrument',
      id: 3,
      callId: 1,
      instrumentId: 2,
      submitted: true,
    };
    const submitted = fapInstrumentSubmittedEvent.create({
      fapId: 3,
      callId: 1,
      instrumentId: 2,
      submitted: true,
    });
    expect(decide(submit, [created])).toEqual([submitted]);
    expect(decide(submit, [created, submitted])).toEqual([]);
    expect(decide({ ...submit, callId: 4 }, [created, submitted])).toHaveLength(1);
    expect(decide({ ...submit, submitted: false }, [created, submitted])).toEqual([
      fapInstrumentSubmittedEvent.create({ fapId: 3, callId: 1, instrumentId: 2, submitted: false }),
    ]);
    expect(decide({ ...submit, submitted: false }, [created])).toEqual([]);
  });
});
