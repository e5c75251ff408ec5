import { instrumentMessages } from '@user-office/contracts';
import { instrumentDecider, type InstrumentCommand } from './instrument.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(instrumentDecider.evolve, instrumentDecider.initialState);
const decide = (command: InstrumentCommand, events: { type: string; data: unknown }[] = [created]) =>
  instrumentDecider.decide(command, given(events));

const details = {
  name: 'Neutron diffractometer',
  shortCode: 'ND1',
  description: 'Powder diffraction',
  managerUserId: null,
  selectable: true,
  instrumentContact: null,
};
const created = { type: 'InstrumentCreated', data: { id: 3, ...details } };
const deleted = { type: 'InstrumentDeleted', data: { id: 3 } };
const scientists = {
  type: 'InstrumentScientistsAssigned',
  data: { instrumentId: 3, scientistIds: [10, 11] },
};
const onCall = { type: 'InstrumentAssignedToCall', data: { instrumentId: 3, callId: 5, fapId: null } };
const scientist = (id: number) => ({ id, exists: true, isScientist: true });
const error = (code: string, message: string) => expect.objectContaining({ code, message });

describe('instrument decider', () => {
  describe('create and update', () => {
    it('creates an instrument with its details', () => {
      expect(
        decide({ type: 'CreateInstrument', id: 3, namesakes: [], managerExists: false, ...details }, []),
      ).toEqual([created]);
    });

    it('refuses a short code another live instrument has', () => {
      expect(() =>
        decide({ type: 'CreateInstrument', id: 3, namesakes: [2], managerExists: false, ...details }, []),
      ).toThrow(error('BAD_USER_INPUT', instrumentMessages.shortCodeTaken));
      expect(() =>
        decide({ type: 'UpdateInstrument', id: 3, namesakes: [3, 2], managerExists: false, ...details }),
      ).toThrow(error('BAD_USER_INPUT', instrumentMessages.shortCodeTaken));
    });

    it('keeps its own short code on update', () => {
      expect(
        decide({
          type: 'UpdateInstrument',
          id: 3,
          namesakes: [3],
          managerExists: false,
          ...details,
          name: 'ND-1',
        }),
      ).toEqual([{ type: 'InstrumentUpdated', data: { ...created.data, name: 'ND-1' } }]);
    });

    it('refuses a manager who does not exist', () => {
      expect(() =>
        decide(
          {
            type: 'CreateInstrument',
            id: 3,
            namesakes: [],
            managerExists: false,
            ...details,
            managerUserId: 9,
          },
          [],
        ),
      ).toThrow(error('BAD_USER_INPUT', instrumentMessages.managerNotFound));
    });

    it('records the manager, the contact and whether it is selectable', () => {
      const [event] = decide({
        type: 'UpdateInstrument',
        id: 3,
        namesakes: [],
        managerExists: true,
        ...details,
        managerUserId: 9,
        selectable: false,
        instrumentContact: 'nd@example.org',
      });
      expect(event.data).toMatchObject({
        managerUserId: 9,
        selectable: false,
        instrumentContact: 'nd@example.org',
      });
    });

    it('decides nothing when an update changes nothing', () => {
      expect(
        decide({ type: 'UpdateInstrument', id: 3, namesakes: [3], managerExists: false, ...details }),
      ).toEqual([]);
    });

    it('refuses to create over an existing instrument', () => {
      expect(() =>
        decide({ type: 'CreateInstrument', id: 3, namesakes: [], managerExists: false, ...details }),
      ).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    });
  });

  it('deletes a live instrument once; nothing is done to an unknown or deleted one', () => {
    expect(decide({ type: 'DeleteInstrument', id: 3 })).toEqual([deleted]);
    const notFound = error('NOT_FOUND', instrumentMessages.instrumentNotFound);
    for (const events of [[], [created, deleted]]) {
      const commands: InstrumentCommand[] = [
        { type: 'DeleteInstrument', id: 3 },
        { type: 'UpdateInstrument', id: 3, namesakes: [], managerExists: false, ...details },
        { type: 'AssignScientistsToInstrument', id: 3, scientists: [scientist(10)] },
        { type: 'RemoveScientistFromInstrument', id: 3, scientistId: 10 },
        { type: 'AssignInstrumentToCall', id: 3, callId: 5, fapId: null, callExists: true },
        { type: 'RemoveInstrumentFromCall', id: 3, callId: 5, callExists: true },
        { type: 'SetInstrumentAvailabilityTime', id: 3, callId: 5, availabilityTime: 1, callExists: true },
      ];
      for (const command of commands) expect(() => decide(command, events)).toThrow(notFound);
    }
  });

  describe('scientists', () => {
    it('assigns the scientists not yet assigned, in the order given', () => {
      expect(
        decide(
          {
            type: 'AssignScientistsToInstrument',
            id: 3,
            scientists: [scientist(11), scientist(10), scientist(12), scientist(12)],
          },
          [created, { type: 'InstrumentScientistsAssigned', data: { instrumentId: 3, scientistIds: [10] } }],
        ),
      ).toEqual([
        { type: 'InstrumentScientistsAssigned', data: { instrumentId: 3, scientistIds: [11, 12] } },
      ]);
    });

    it('decides nothing when all are already assigned', () => {
      expect(
        decide({ type: 'AssignScientistsToInstrument', id: 3, scientists: [scientist(10)] }, [
          created,
          scientists,
        ]),
      ).toEqual([]);
    });

    it('refuses a user who does not exist or lacks the instrument scientist role', () => {
      expect(() =>
        decide({
          type: 'AssignScientistsToInstrument',
          id: 3,
          scientists: [scientist(10), { id: 77, exists: false, isScientist: false }],
        }),
      ).toThrow(error('BAD_USER_INPUT', 'User #77 does not exist'));
      expect(() =>
        decide({
          type: 'AssignScientistsToInstrument',
          id: 3,
          scientists: [{ id: 8, exists: true, isScientist: false }],
        }),
      ).toThrow(error('BAD_USER_INPUT', 'User #8 does not have the Instrument Scientist role'));
    });

    it('removes an assigned scientist; removing one not assigned decides nothing', () => {
      expect(
        decide({ type: 'RemoveScientistFromInstrument', id: 3, scientistId: 11 }, [created, scientists]),
      ).toEqual([{ type: 'InstrumentScientistRemoved', data: { instrumentId: 3, scientistId: 11 } }]);
      expect(
        decide({ type: 'RemoveScientistFromInstrument', id: 3, scientistId: 12 }, [created, scientists]),
      ).toEqual([]);
    });

    it('folds the scientists in the order they were assigned', () => {
      expect(
        given([
          created,
          scientists,
          { type: 'InstrumentScientistRemoved', data: { instrumentId: 3, scientistId: 10 } },
          { type: 'InstrumentScientistsAssigned', data: { instrumentId: 3, scientistIds: [10] } },
        ]).scientistIds,
      ).toEqual([11, 10]);
    });
  });

  describe('calls', () => {
    it('assigns the instrument to an existing call, with its FAP', () => {
      expect(
        decide({ type: 'AssignInstrumentToCall', id: 3, callId: 5, fapId: 2, callExists: true }),
      ).toEqual([{ type: 'InstrumentAssignedToCall', data: { instrumentId: 3, callId: 5, fapId: 2 } }]);
    });

    it('refuses an unknown call', () => {
      const notFound = error('NOT_FOUND', instrumentMessages.callNotFound);
      expect(() =>
        decide({ type: 'AssignInstrumentToCall', id: 3, callId: 5, fapId: null, callExists: false }),
      ).toThrow(notFound);
      expect(() =>
        decide({ type: 'RemoveInstrumentFromCall', id: 3, callId: 5, callExists: false }, [created, onCall]),
      ).toThrow(notFound);
      expect(() =>
        decide(
          { type: 'SetInstrumentAvailabilityTime', id: 3, callId: 5, availabilityTime: 3, callExists: false },
          [created, onCall],
        ),
      ).toThrow(notFound);
    });

    it('decides nothing when already assigned with the same FAP; records a new FAP', () => {
      expect(
        decide({ type: 'AssignInstrumentToCall', id: 3, callId: 5, fapId: null, callExists: true }, [
          created,
          onCall,
        ]),
      ).toEqual([]);
      expect(
        decide({ type: 'AssignInstrumentToCall', id: 3, callId: 5, fapId: 4, callExists: true }, [
          created,
          onCall,
        ]),
      ).toHaveLength(1);
    });

    it('removes it from a call it is in; otherwise decides nothing', () => {
      expect(
        decide({ type: 'RemoveInstrumentFromCall', id: 3, callId: 5, callExists: true }, [created, onCall]),
      ).toEqual([{ type: 'InstrumentRemovedFromCall', data: { instrumentId: 3, callId: 5 } }]);
      expect(decide({ type: 'RemoveInstrumentFromCall', id: 3, callId: 5, callExists: true })).toEqual([]);
    });

    it('sets the availability time (0 allowed) of a call the instrument is in', () => {
      expect(
        decide(
          { type: 'SetInstrumentAvailabilityTime', id: 3, callId: 5, availabilityTime: 0, callExists: true },
          [created, onCall],
        ),
      ).toEqual([
        { type: 'InstrumentAvailabilityTimeSet', data: { instrumentId: 3, callId: 5, availabilityTime: 0 } },
      ]);
    });

    it('refuses an availability time below 0, or for a call the instrument is not in', () => {
      expect(() =>
        decide(
          { type: 'SetInstrumentAvailabilityTime', id: 3, callId: 5, availabilityTime: -1, callExists: true },
          [created, onCall],
        ),
      ).toThrow(error('BAD_USER_INPUT', instrumentMessages.availabilityTimeMin));
      expect(() =>
        decide({
          type: 'SetInstrumentAvailabilityTime',
          id: 3,
          callId: 5,
          availabilityTime: 1,
          callExists: true,
        }),
      ).toThrow(error('BAD_USER_INPUT', instrumentMessages.notOnCall));
      const removed = { type: 'InstrumentRemovedFromCall', data: { instrumentId: 3, callId: 5 } };
      expect(() =>
        decide(
          { type: 'SetInstrumentAvailabilityTime', id: 3, callId: 5, availabilityTime: 1, callExists: true },
          [created, onCall, removed],
        ),
      ).toThrow(error('BAD_USER_INPUT', instrumentMessages.notOnCall));
    });

    it('decides nothing when the time does not change; keeps it when the FAP changes', () => {
      const timeSet = {
        type: 'InstrumentAvailabilityTimeSet',
        data: { instrumentId: 3, callId: 5, availabilityTime: 8 },
      };
      expect(
        decide(
          { type: 'SetInstrumentAvailabilityTime', id: 3, callId: 5, availabilityTime: 8, callExists: true },
          [created, onCall, timeSet],
        ),
      ).toEqual([]);
      const refap = { type: 'InstrumentAssignedToCall', data: { instrumentId: 3, callId: 5, fapId: 1 } };
      expect(given([created, onCall, timeSet, refap]).calls.get(5)).toEqual({
        fapId: 1,
        availabilityTime: 8,
      });
    });
  });
});
