import { institutionMessages } from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { institutionDecider, type InstitutionCommand } from './institution.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(institutionDecider.evolve, institutionDecider.initialState);

const created = (id: number, name = 'Lund University', country = 212, rorId: string | null = null) => ({
  type: 'InstitutionCreated',
  data: { id, name, country, rorId },
});

const when = (command: InstitutionCommand, history: { type: string; data: unknown }[] = []) =>
  institutionDecider.decide(command, given(history));

/** the AppError a decision throws, as code and message */
function thrown(decide: () => unknown): {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
} {
  try {
    decide();
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error('expected the decision to throw');
}

const create = (namesakes: number[] = []): InstitutionCommand => ({
  type: 'CreateInstitution',
  id: 7,
  name: 'Lund University',
  country: 212,
  rorId: '0abcde123',
  namesakes,
});

const update = (
  over: Partial<Extract<InstitutionCommand, { type: 'UpdateInstitution' }>> = {},
): InstitutionCommand => ({
  type: 'UpdateInstitution',
  id: 7,
  name: 'Lund University',
  country: 212,
  rorId: null,
  namesakes: [],
  ...over,
});

const mergeInto = (namesakes: number[] = []): InstitutionCommand => ({
  type: 'MergeInstitutionInto',
  institutionIdFrom: 3,
  institutionIdInto: 7,
  newTitle: 'Lund University (LU)',
  namesakes,
});

describe('institution decider', () => {
  describe('create', () => {
    it('records a new institution', () => {
      expect(when(create())).toEqual([
        {
          type: 'InstitutionCreated',
          data: { id: 7, name: 'Lund University', country: 212, rorId: '0abcde123' },
        },
      ]);
    });

    it('rejects a name another institution has', () => {
      expect(thrown(() => when(create([4])))).toEqual({
        code: 'BAD_USER_INPUT',
        message: institutionMessages.nameTaken,
        fieldErrors: { name: institutionMessages.nameTaken },
      });
    });

    it('refuses an id whose stream is already used', () => {
      expect(thrown(() => when(create(), [created(7)])).code).toBe('CONFLICT');
    });
  });

  describe('update', () => {
    it('records the new name, country and ROR id', () => {
      expect(when(update({ name: 'Lunds universitet', rorId: '0abcde123' }), [created(7)])).toEqual([
        {
          type: 'InstitutionUpdated',
          data: { id: 7, name: 'Lunds universitet', country: 212, rorId: '0abcde123' },
        },
      ]);
    });

    it('decides nothing when nothing changes', () => {
      expect(when(update(), [created(7)])).toEqual([]);
    });

    it('lets an institution keep its own name (namesake is itself)', () => {
      expect(when(update({ name: 'LUND UNIVERSITY', namesakes: [7] }), [created(7)])).toHaveLength(1);
    });

    it('rejects a name another institution has', () => {
      expect(thrown(() => when(update({ name: 'Uppsala', namesakes: [8] }), [created(7)])).message).toBe(
        institutionMessages.nameTaken,
      );
    });

    it('is NOT_FOUND for an unknown, deleted or merged-away institution, before any duplicate', () => {
      const notFound = { code: 'NOT_FOUND', message: institutionMessages.notFound, fieldErrors: undefined };
      expect(thrown(() => when(update({ namesakes: [8] })))).toEqual(notFound);
      expect(
        thrown(() => when(update(), [created(7), { type: 'InstitutionDeleted', data: { id: 7 } }])),
      ).toEqual(notFound);
      expect(
        thrown(() =>
          when(update(), [created(7), { type: 'InstitutionMergedAway', data: { id: 7, into: 9 } }]),
        ),
      ).toEqual(notFound);
    });

    it('sees the title a merge gave', () => {
      const history = [
        created(7),
        {
          type: 'InstitutionsMerged',
          data: { institutionIdFrom: 3, institutionIdInto: 7, newTitle: 'Lund University (LU)' },
        },
      ];
      expect(when(update({ name: 'Lund University (LU)' }), history)).toEqual([]);
    });
  });

  describe('delete', () => {
    it('records the deletion', () => {
      expect(when({ type: 'DeleteInstitution', id: 7 }, [created(7)])).toEqual([
        { type: 'InstitutionDeleted', data: { id: 7 } },
      ]);
    });

    it('is NOT_FOUND when unknown or already deleted', () => {
      expect(thrown(() => when({ type: 'DeleteInstitution', id: 7 })).code).toBe('NOT_FOUND');
      expect(
        thrown(() =>
          when({ type: 'DeleteInstitution', id: 7 }, [
            created(7),
            { type: 'InstitutionDeleted', data: { id: 7 } },
          ]),
        ).code,
      ).toBe('NOT_FOUND');
    });
  });

  describe('merge', () => {
    it('records the merge on the institution merged into, with its new title', () => {
      expect(when(mergeInto(), [created(7)])).toEqual([
        {
          type: 'InstitutionsMerged',
          data: { institutionIdFrom: 3, institutionIdInto: 7, newTitle: 'Lund University (LU)' },
        },
      ]);
    });

    it('closes the institution merged from, which then cannot be changed', () => {
      const events = when({ type: 'MergeInstitutionAway', id: 3, into: 7 }, [created(3, 'LU')]);
      expect(events).toEqual([{ type: 'InstitutionMergedAway', data: { id: 3, into: 7 } }]);
      const after = [created(3, 'LU'), ...events];
      expect(given(after)).toMatchObject({ status: 'mergedAway', mergedInto: 7 });
      expect(thrown(() => when({ type: 'DeleteInstitution', id: 3 }, after)).code).toBe('NOT_FOUND');
      expect(thrown(() => when({ type: 'MergeInstitutionAway', id: 3, into: 8 }, after)).code).toBe(
        'NOT_FOUND',
      );
    });

    it('accepts a title that only the two merged institutions have', () => {
      expect(when(mergeInto([3, 7]), [created(7)])).toHaveLength(1);
    });

    it('rejects a title a third institution has', () => {
      expect(thrown(() => when(mergeInto([3, 9]), [created(7)]))).toEqual({
        code: 'BAD_USER_INPUT',
        message: institutionMessages.nameTaken,
        fieldErrors: { newTitle: institutionMessages.nameTaken },
      });
    });

    it('rejects merging an institution into itself, before looking it up', () => {
      const itself: InstitutionCommand = { ...mergeInto(), institutionIdFrom: 7 } as InstitutionCommand;
      expect(thrown(() => when(itself))).toEqual({
        code: 'BAD_USER_INPUT',
        message: institutionMessages.mergeIntoItself,
        fieldErrors: { institutionIdInto: institutionMessages.mergeIntoItself },
      });
      expect(thrown(() => when({ type: 'MergeInstitutionAway', id: 7, into: 7 }, [created(7)])).code).toBe(
        'BAD_USER_INPUT',
      );
    });

    it('is NOT_FOUND when the institution merged into or from is unknown or deleted', () => {
      expect(thrown(() => when(mergeInto())).code).toBe('NOT_FOUND');
      expect(
        thrown(() => when(mergeInto(), [created(7), { type: 'InstitutionDeleted', data: { id: 7 } }])).code,
      ).toBe('NOT_FOUND');
      expect(thrown(() => when({ type: 'MergeInstitutionAway', id: 3, into: 7 })).code).toBe('NOT_FOUND');
    });
  });
});
