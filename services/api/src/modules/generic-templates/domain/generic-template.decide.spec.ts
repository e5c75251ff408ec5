import {
  GENERIC_TEMPLATE_CREATED,
  GENERIC_TEMPLATE_DELETED,
  GENERIC_TEMPLATE_UPDATED,
  questionMessages,
  subTemplateMessages,
  type GenericTemplateCreatedData,
} from '@user-office/contracts';
import {
  genericTemplateDecider,
  type EntriesFacts,
  type GenericTemplateCommand,
  type ProposalAccess,
} from './generic-template.decide';

const M = subTemplateMessages;
const item: GenericTemplateCreatedData = {
  genericTemplateId: 7,
  title: 'Cryostat',
  creatorId: 3,
  proposalPk: 11,
  questionId: 'equipment',
  templateId: 5,
  questionaryId: 40,
  origin: null,
};
const member: ProposalAccess = { isMember: true, editable: true };
const room: EntriesFacts = { maxEntries: 2, existingCount: 1, adding: 1 };

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(genericTemplateDecider.evolve, genericTemplateDecider.initialState);
const created = { type: GENERIC_TEMPLATE_CREATED, data: item };
const when = (command: GenericTemplateCommand, events: { type: string; data: unknown }[] = []) =>
  genericTemplateDecider.decide(command, given(events));
const create = (access = member, entries = room): GenericTemplateCommand => ({
  type: 'CreateGenericTemplate',
  item,
  access,
  entries,
});

describe('generic template decider', () => {
  it('creates an item for a member of an editable proposal with room under maxEntries', () => {
    expect(when(create())).toEqual([{ type: GENERIC_TEMPLATE_CREATED, data: item }]);
    expect(when(create(member, { maxEntries: null, existingCount: 40, adding: 3 }))).toHaveLength(1);
  });

  it('refuses strangers (FORBIDDEN), a proposal no longer editable, and more than maxEntries', () => {
    expect(() => when(create({ isMember: false, editable: true }))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: M.mayNotRead }),
    );
    expect(() => when(create({ isMember: true, editable: false }))).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', message: M.proposalNotEditable }),
    );
    expect(() => when(create(member, { maxEntries: 2, existingCount: 2, adding: 1 }))).toThrow(
      expect.objectContaining({
        code: 'BAD_USER_INPUT',
        message: questionMessages.genericTemplatesAtMost(2),
      }),
    );
    expect(() => when(create(member, { maxEntries: 2, existingCount: 0, adding: 3 }))).toThrow(
      questionMessages.genericTemplatesAtMost(2),
    );
    expect(() => when(create(), [created])).toThrow('A sub template with this id exists');
  });

  it('renames an item (nothing when the title is unchanged)', () => {
    expect(when({ type: 'UpdateGenericTemplate', title: 'Magnet', access: member }, [created])).toEqual([
      { type: GENERIC_TEMPLATE_UPDATED, data: { genericTemplateId: 7, title: 'Magnet' } },
    ]);
    expect(when({ type: 'UpdateGenericTemplate', title: 'Cryostat', access: member }, [created])).toEqual([]);
    expect(() =>
      when({ type: 'UpdateGenericTemplate', title: 'x', access: { isMember: false, editable: true } }, [
        created,
      ]),
    ).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('deletes an item while the proposal is editable, once', () => {
    const deleted = when({ type: 'DeleteGenericTemplate', access: member }, [created]);
    expect(deleted).toEqual([
      {
        type: GENERIC_TEMPLATE_DELETED,
        data: { genericTemplateId: 7, proposalPk: 11, questionId: 'equipment' },
      },
    ]);
    expect(() =>
      when({ type: 'DeleteGenericTemplate', access: { isMember: true, editable: false } }, [created]),
    ).toThrow(M.proposalNotEditable);
    expect(() => when({ type: 'DeleteGenericTemplate', access: member }, [created, ...deleted])).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: M.genericTemplateNotFound }),
    );
    expect(() => when({ type: 'UpdateGenericTemplate', title: 'x', access: member })).toThrow(
      M.genericTemplateNotFound,
    );
  });
});
