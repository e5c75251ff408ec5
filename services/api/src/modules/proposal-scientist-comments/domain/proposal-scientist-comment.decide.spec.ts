import type { AppError } from '../../../platform/errors/app-error';
import {
  proposalScientistCommentDecider,
  type ProposalScientistCommentCommand,
} from './proposal-scientist-comment.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(proposalScientistCommentDecider.evolve, proposalScientistCommentDecider.initialState);
const when = (command: ProposalScientistCommentCommand, events: { type: string; data: unknown }[] = []) =>
  proposalScientistCommentDecider.decide(command, given(events));
const error = (code: AppError['code'], message: string) =>
  expect.objectContaining<Partial<AppError>>({ code, message });

const created = {
  type: 'ProposalScientistCommentCreated',
  data: { commentId: 5, proposalPk: 12, comment: '<p>Needs a cryostat</p>' },
};
const deleted = { type: 'ProposalScientistCommentDeleted', data: { commentId: 5, proposalPk: 12 } };
const create = (comment: string, commentId = 5): ProposalScientistCommentCommand => ({
  type: 'CreateProposalScientistComment',
  proposalPk: 12,
  commentId,
  comment,
});
const update = (comment: string, commentId = 5): ProposalScientistCommentCommand => ({
  type: 'UpdateProposalScientistComment',
  proposalPk: 12,
  commentId,
  comment,
});
const remove = (commentId = 5): ProposalScientistCommentCommand => ({
  type: 'DeleteProposalScientistComment',
  proposalPk: 12,
  commentId,
});
const required = error('BAD_USER_INPUT', 'Comment is required');
const notFound = error('NOT_FOUND', 'Proposal scientist comment not found');

describe('proposal scientist comment decider', () => {
  it('creates the comment of a proposal', () => {
    expect(when(create('<p>Needs a cryostat</p>'))).toEqual([created]);
  });

  it('keeps one comment per proposal (§3)', () => {
    expect(() => when(create('<p>Another</p>', 6), [created])).toThrow(
      error('CONFLICT', 'The proposal already has a scientist comment: update it instead'),
    );
  });

  it('requires a comment, blank counting as missing (§5)', () => {
    expect(() => when(create(''))).toThrow(required);
    expect(() => when(create('  '))).toThrow(required);
    expect(() => when(update(' '), [created])).toThrow(required);
  });

  it('records the whole comment after an update', () => {
    expect(when(update('<p>Needs a cryostat and a magnet</p>'), [created])).toEqual([
      {
        type: 'ProposalScientistCommentUpdated',
        data: { commentId: 5, proposalPk: 12, comment: '<p>Needs a cryostat and a magnet</p>' },
      },
    ]);
  });

  it('decides nothing when an update changes nothing', () => {
    expect(when(update('<p>Needs a cryostat</p>'), [created])).toEqual([]);
  });

  it('deletes the comment once; the proposal may then get a new one', () => {
    expect(when(remove(), [created])).toEqual([deleted]);
    expect(() => when(remove(), [created, deleted])).toThrow(notFound);
    expect(when(create('<p>Fresh</p>', 9), [created, deleted])).toEqual([
      {
        type: 'ProposalScientistCommentCreated',
        data: { commentId: 9, proposalPk: 12, comment: '<p>Fresh</p>' },
      },
    ]);
  });

  it('does not find a comment that never existed, was deleted, or is not the live one', () => {
    expect(() => when(update('x'))).toThrow(notFound);
    expect(() => when(update('x'), [created, deleted])).toThrow(notFound);
    expect(() => when(update('x', 6), [created])).toThrow(notFound);
    expect(() => when(remove(6), [created])).toThrow(notFound);
  });
});
