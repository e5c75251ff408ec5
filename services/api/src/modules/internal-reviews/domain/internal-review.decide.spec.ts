import { Role } from '@user-office/contracts';
import type { AppError } from '../../../platform/errors/app-error';
import {
  internalReviewDecider,
  type AttachedFile,
  type InternalReviewActor,
  type InternalReviewCommand,
} from './internal-review.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(internalReviewDecider.evolve, internalReviewDecider.initialState);
const when = (command: InternalReviewCommand, events: { type: string; data: unknown }[] = []) =>
  internalReviewDecider.decide(command, given(events));
const error = (code: AppError['code'], message?: string) =>
  expect.objectContaining<Partial<AppError>>(message === undefined ? { code } : { code, message });

const OFFICER: InternalReviewActor = { id: 1, isOfficer: true };
const TOKEN: InternalReviewActor = { id: null, isOfficer: true };
const REVIEWER: InternalReviewActor = { id: 40, isOfficer: false };
const pdf = (fileId: string, uploadedBy: number | null = 1): AttachedFile => ({
  fileId,
  mimeType: 'application/pdf',
  uploadedBy,
});

const create = (overrides: Partial<Extract<InternalReviewCommand, { type: 'CreateInternalReview' }>> = {}) =>
  ({
    type: 'CreateInternalReview',
    id: 7,
    technicalReviewId: 3,
    title: 'Beam line check',
    comment: '<p>Looks fine</p>',
    reviewerId: 40,
    reviewerRoles: [Role.INTERNAL_REVIEWER],
    files: [pdf('a')],
    actor: OFFICER,
    ...overrides,
  }) as InternalReviewCommand;

const update = (overrides: Partial<Extract<InternalReviewCommand, { type: 'UpdateInternalReview' }>> = {}) =>
  ({
    type: 'UpdateInternalReview',
    id: 7,
    technicalReviewId: 3,
    title: 'Beam line check',
    comment: '<p>Looks fine</p>',
    reviewerId: 40,
    reviewerRoles: [Role.INTERNAL_REVIEWER],
    files: [pdf('a')],
    actor: OFFICER,
    ...overrides,
  }) as InternalReviewCommand;

const created = {
  type: 'InternalReviewCreated',
  data: {
    id: 7,
    technicalReviewId: 3,
    title: 'Beam line check',
    comment: '<p>Looks fine</p>',
    reviewerId: 40,
    files: ['a'],
    assignedBy: 1,
  },
};
const deleted = { type: 'InternalReviewDeleted', data: { id: 7, technicalReviewId: 3 } };
const notFound = error('NOT_FOUND', 'Internal review not found');

describe('internal review decider', () => {
  describe('create (officers, §6)', () => {
    it('records the review with its files and the officer who assigned it', () => {
      expect(when(create())).toEqual([created]);
    });

    it('records null as the assigner when an API access token creates it', () => {
      expect(when(create({ actor: TOKEN }))[0].data).toMatchObject({ assignedBy: null });
    });

    it('refuses anyone but an officer', () => {
      expect(() => when(create({ actor: REVIEWER }))).toThrow(error('FORBIDDEN'));
    });

    it('refuses a reviewer who is not a user with the INTERNAL_REVIEWER role', () => {
      const message = 'The internal reviewer must be a user with the Internal Reviewer role';
      expect(() => when(create({ reviewerRoles: null }))).toThrow(error('BAD_USER_INPUT', message));
      expect(() => when(create({ reviewerRoles: [Role.INSTRUMENT_SCIENTIST, Role.USER] }))).toThrow(
        error('BAD_USER_INPUT', message),
      );
    });

    it('accepts up to 5 documents and refuses a sixth (§5)', () => {
      const five = ['a', 'b', 'c', 'd', 'e'].map((id) => pdf(id));
      expect(when(create({ files: five }))[0].data).toMatchObject({ files: ['a', 'b', 'c', 'd', 'e'] });
      expect(() => when(create({ files: [...five, pdf('f')] }))).toThrow(
        error('BAD_USER_INPUT', 'You can upload at most 5 file(s)'),
      );
    });

    it('accepts PDF documents only (§5)', () => {
      expect(() =>
        when(create({ files: [pdf('a'), { fileId: 'b', mimeType: 'image/png', uploadedBy: 1 }] })),
      ).toThrow(error('BAD_USER_INPUT', 'Internal documents must be PDF files'));
      expect(
        when(
          create({ files: [{ fileId: 'a', mimeType: 'application/pdf; charset=binary', uploadedBy: 1 }] }),
        ),
      ).toHaveLength(1);
    });

    it('refuses a file that does not exist', () => {
      expect(() => when(create({ files: [{ fileId: 'x', mimeType: null, uploadedBy: null }] }))).toThrow(
        error('BAD_USER_INPUT', 'File not found'),
      );
    });

    it('lets an officer attach files someone else uploaded', () => {
      expect(when(create({ files: [pdf('a', 99)] }))).toHaveLength(1);
    });

    it('refuses to create over an existing review', () => {
      expect(() => when(create(), [created])).toThrow(error('CONFLICT'));
    });
  });

  describe('update', () => {
    it('records the whole review after an officer changes it, reviewer included', () => {
      expect(
        when(update({ title: 'Second look', comment: null, reviewerId: 41, files: [] }), [created]),
      ).toEqual([
        {
          type: 'InternalReviewUpdated',
          data: {
            id: 7,
            technicalReviewId: 3,
            title: 'Second look',
            comment: null,
            reviewerId: 41,
            files: [],
          },
        },
      ]);
    });

    it('lets the internal reviewer change the title, comment and documents of their own review', () => {
      const events = when(
        update({ actor: REVIEWER, comment: '<p>Agreed</p>', files: [pdf('a', 1), pdf('b', 40)] }),
        [created],
      );
      expect(events[0].data).toMatchObject({ comment: '<p>Agreed</p>', files: ['a', 'b'] });
    });

    it("refuses an internal reviewer's update of someone else's review (§6)", () => {
      expect(() => when(update({ actor: { id: 41, isOfficer: false } }), [created])).toThrow(
        error('FORBIDDEN', 'You can only update your own internal review'),
      );
    });

    it('refuses an internal reviewer handing their review to another reviewer', () => {
      expect(() => when(update({ actor: REVIEWER, reviewerId: 41 }), [created])).toThrow(
        error('FORBIDDEN', 'Only a user officer can change the internal reviewer'),
      );
    });

    it('refuses a file the internal reviewer did not upload, unless it was attached before', () => {
      expect(() => when(update({ actor: REVIEWER, files: [pdf('a', 1), pdf('z', 2)] }), [created])).toThrow(
        error('FORBIDDEN', 'You can only attach files you have uploaded yourself'),
      );
    });

    it('checks the new reviewer only when the reviewer changes', () => {
      expect(() => when(update({ reviewerId: 41, reviewerRoles: [Role.USER] }), [created])).toThrow(
        error('BAD_USER_INPUT'),
      );
      expect(when(update({ title: 'New', reviewerRoles: null }), [created])).toHaveLength(1);
    });

    it('applies the document rules on update too', () => {
      const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => pdf(id));
      expect(() => when(update({ files: six }), [created])).toThrow(error('BAD_USER_INPUT'));
      expect(() =>
        when(update({ files: [{ fileId: 'a', mimeType: 'text/plain', uploadedBy: 1 }] }), [created]),
      ).toThrow(error('BAD_USER_INPUT', 'Internal documents must be PDF files'));
    });

    it('decides nothing when an update changes nothing', () => {
      expect(when(update({ actor: REVIEWER }), [created])).toEqual([]);
    });

    it('does not find a review that does not exist, was deleted or is of another technical review', () => {
      expect(() => when(update(), [])).toThrow(notFound);
      expect(() => when(update(), [created, deleted])).toThrow(notFound);
      expect(() => when(update({ technicalReviewId: 4 }), [created])).toThrow(notFound);
    });
  });

  describe('delete (officers, §6)', () => {
    const remove = (actor: InternalReviewActor, technicalReviewId = 3): InternalReviewCommand => ({
      type: 'DeleteInternalReview',
      id: 7,
      technicalReviewId,
      actor,
    });

    it('deletes a review once', () => {
      expect(when(remove(OFFICER), [created])).toEqual([deleted]);
      expect(() => when(remove(OFFICER), [created, deleted])).toThrow(notFound);
    });

    it('refuses the internal reviewer, even of their own review', () => {
      expect(() => when(remove(REVIEWER), [created])).toThrow(error('FORBIDDEN'));
    });

    it('does not find the review under another technical review', () => {
      expect(() => when(remove(OFFICER, 4), [created])).toThrow(notFound);
    });
  });
});
