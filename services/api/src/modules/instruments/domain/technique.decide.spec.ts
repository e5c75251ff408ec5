import { instrumentMessages } from '@user-office/contracts';
import { techniqueDecider, type TechniqueCommand } from './technique.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(techniqueDecider.evolve, techniqueDecider.initialState);
const decide = (command: TechniqueCommand, events: { type: string; data: unknown }[] = [created]) =>
  techniqueDecider.decide(command, given(events));

const details = { name: 'Powder diffraction', shortCode: 'PD', description: 'Diffraction on powders' };
const created = { type: 'TechniqueCreated', data: { id: 4, ...details } };
const deleted = { type: 'TechniqueDeleted', data: { id: 4 } };
const withInstruments = {
  type: 'TechniqueInstrumentsAssigned',
  data: { techniqueId: 4, instrumentIds: [1, 2] },
};
const error = (code: string, message: string) => expect.objectContaining({ code, message });

describe('technique decider', () => {
  it('creates a technique; refuses the short code of another live technique', () => {
    expect(decide({ type: 'CreateTechnique', id: 4, namesakes: [], ...details }, [])).toEqual([created]);
    expect(() => decide({ type: 'CreateTechnique', id: 4, namesakes: [1], ...details }, [])).toThrow(
      error('BAD_USER_INPUT', instrumentMessages.techniqueShortCodeTaken),
    );
    expect(() => decide({ type: 'CreateTechnique', id: 4, namesakes: [], ...details })).toThrow(
      expect.objectContaining({ code: 'CONFLICT' }),
    );
  });

  it('updates it (keeping its own short code); an update that changes nothing decides nothing', () => {
    expect(decide({ type: 'UpdateTechnique', id: 4, namesakes: [4], ...details, name: 'PXRD' })).toEqual([
      { type: 'TechniqueUpdated', data: { id: 4, ...details, name: 'PXRD' } },
    ]);
    expect(decide({ type: 'UpdateTechnique', id: 4, namesakes: [4], ...details })).toEqual([]);
    expect(() => decide({ type: 'UpdateTechnique', id: 4, namesakes: [4, 9], ...details })).toThrow(
      error('BAD_USER_INPUT', instrumentMessages.techniqueShortCodeTaken),
    );
  });

  it('deletes it once; an unknown or deleted technique is not found', () => {
    expect(decide({ type: 'DeleteTechnique', id: 4 })).toEqual([deleted]);
    for (const events of [[], [created, deleted]]) {
      const commands: TechniqueCommand[] = [
        { type: 'DeleteTechnique', id: 4 },
        { type: 'UpdateTechnique', id: 4, namesakes: [], ...details },
        { type: 'AssignScientistsToTechnique', id: 4, scientists: [] },
        { type: 'RemoveScientistFromTechnique', id: 4, scientistId: 1 },
        { type: 'AssignInstrumentsToTechnique', id: 4, instrumentIds: [1], missingInstrumentIds: [] },
        { type: 'RemoveInstrumentsFromTechnique', id: 4, instrumentIds: [1] },
      ];
      for (const command of commands) {
        expect(() => decide(command, events)).toThrow(
          error('NOT_FOUND', instrumentMessages.techniqueNotFound),
        );
      }
    }
  });

  it('assigns instrument scientists not yet assigned; refuses other users', () => {
    const ok = (id: number) => ({ id, exists: true, isScientist: true });
    expect(decide({ type: 'AssignScientistsToTechnique', id: 4, scientists: [ok(7), ok(8)] })).toEqual([
      { type: 'TechniqueScientistsAssigned', data: { techniqueId: 4, scientistIds: [7, 8] } },
    ]);
    const assigned = { type: 'TechniqueScientistsAssigned', data: { techniqueId: 4, scientistIds: [7] } };
    expect(
      decide({ type: 'AssignScientistsToTechnique', id: 4, scientists: [ok(7)] }, [created, assigned]),
    ).toEqual([]);
    expect(() =>
      decide({
        type: 'AssignScientistsToTechnique',
        id: 4,
        scientists: [{ id: 5, exists: true, isScientist: false }],
      }),
    ).toThrow(error('BAD_USER_INPUT', instrumentMessages.notAScientist(5)));
    expect(() =>
      decide({
        type: 'AssignScientistsToTechnique',
        id: 4,
        scientists: [{ id: 6, exists: false, isScientist: false }],
      }),
    ).toThrow(error('BAD_USER_INPUT', instrumentMessages.userNotFound(6)));
    expect(
      decide({ type: 'RemoveScientistFromTechnique', id: 4, scientistId: 7 }, [created, assigned]),
    ).toEqual([{ type: 'TechniqueScientistRemoved', data: { techniqueId: 4, scientistId: 7 } }]);
    expect(decide({ type: 'RemoveScientistFromTechnique', id: 4, scientistId: 7 })).toEqual([]);
  });

  it('assigns existing instruments not yet assigned; refuses unknown ones', () => {
    expect(
      decide(
        { type: 'AssignInstrumentsToTechnique', id: 4, instrumentIds: [2, 3, 3], missingInstrumentIds: [] },
        [created, withInstruments],
      ),
    ).toEqual([{ type: 'TechniqueInstrumentsAssigned', data: { techniqueId: 4, instrumentIds: [3] } }]);
    expect(
      decide({ type: 'AssignInstrumentsToTechnique', id: 4, instrumentIds: [1], missingInstrumentIds: [] }, [
        created,
        withInstruments,
      ]),
    ).toEqual([]);
    expect(() =>
      decide({
        type: 'AssignInstrumentsToTechnique',
        id: 4,
        instrumentIds: [1, 9],
        missingInstrumentIds: [9],
      }),
    ).toThrow(error('NOT_FOUND', 'Instrument(s) #9 not found'));
  });

  it('removes the assigned instruments among those given; none assigned decides nothing', () => {
    expect(
      decide({ type: 'RemoveInstrumentsFromTechnique', id: 4, instrumentIds: [2, 5] }, [
        created,
        withInstruments,
      ]),
    ).toEqual([{ type: 'TechniqueInstrumentsRemoved', data: { techniqueId: 4, instrumentIds: [2] } }]);
    expect(
      decide({ type: 'RemoveInstrumentsFromTechnique', id: 4, instrumentIds: [5] }, [
        created,
        withInstruments,
      ]),
    ).toEqual([]);
    const removed = { type: 'TechniqueInstrumentsRemoved', data: { techniqueId: 4, instrumentIds: [1] } };
    expect(given([created, withInstruments, removed]).instrumentIds).toEqual([2]);
  });
});
