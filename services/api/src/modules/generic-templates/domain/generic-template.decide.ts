import {
  GENERIC_TEMPLATE_CREATED,
  GENERIC_TEMPLATE_DELETED,
  GENERIC_TEMPLATE_UPDATED,
  genericTemplateCreatedEvent,
  genericTemplateDeletedEvent,
  genericTemplateUpdatedEvent,
  questionMessages,
  subTemplateMessages,
  type GenericTemplateCreatedData,
  type GenericTemplateEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = subTemplateMessages;

/** One sub-template item folded from `generic-template-<id>`. */
export interface GenericTemplateState {
  status: 'none' | 'active' | 'deleted';
  genericTemplateId: number;
  title: string;
  proposalPk: number;
  questionId: string;
  questionaryId: number;
}

export const initialGenericTemplateState: GenericTemplateState = {
  status: 'none',
  genericTemplateId: 0,
  title: '',
  proposalPk: 0,
  questionId: '',
  questionaryId: 0,
};

export function evolveGenericTemplate(
  state: GenericTemplateState,
  event: { type: string; data: unknown },
): GenericTemplateState {
  const e = event as GenericTemplateEvent;
  switch (e.type) {
    case GENERIC_TEMPLATE_CREATED:
      return {
        status: 'active',
        genericTemplateId: e.data.genericTemplateId,
        title: e.data.title,
        proposalPk: e.data.proposalPk,
        questionId: e.data.questionId,
        questionaryId: e.data.questionaryId,
      };
    case GENERIC_TEMPLATE_UPDATED:
      return { ...state, title: e.data.title };
    case GENERIC_TEMPLATE_DELETED:
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/**
 * What the server knows about the caller and the item's proposal when it is changed: a member (PI or
 * co-proposer; officers count as members) of a proposal that is editable for them (§4; officers: always).
 */
export interface ProposalAccess {
  isMember: boolean;
  editable: boolean;
}

/** Adding items to a question: its maxEntries against the items it already has. */
export interface EntriesFacts {
  maxEntries: number | null;
  existingCount: number;
  /** how many items this request adds (copies add several) */
  adding: number;
}

/** Pure: items of a proposal are changed by its members while it is editable for them. */
export function assertMayChangeGenericTemplates(access: ProposalAccess): void {
  if (!access.isMember) throw forbidden(M.mayNotRead);
  if (!access.editable) throw badInput(M.proposalNotEditable);
}

/**
 * Pure: the rules for adding items to a proposal's GENERIC_TEMPLATE question (the question and template were
 * matched with the proposal's template before). Throws the rule broken. The service runs it before creating the
 * item's questionary, so a refusal appends nothing.
 */
export function assertMayAddGenericTemplates(access: ProposalAccess, entries: EntriesFacts): void {
  assertMayChangeGenericTemplates(access);
  if (entries.maxEntries !== null && entries.existingCount + entries.adding > entries.maxEntries)
    throw badInput(questionMessages.genericTemplatesAtMost(entries.maxEntries));
}

export type GenericTemplateCommand =
  | {
      type: 'CreateGenericTemplate';
      item: GenericTemplateCreatedData;
      access: ProposalAccess;
      entries: EntriesFacts;
    }
  | { type: 'UpdateGenericTemplate'; title: string; access: ProposalAccess }
  | { type: 'DeleteGenericTemplate'; access: ProposalAccess };

/** Pure: the events a sub-template command leads to; throws the rule broken. */
export function decideGenericTemplate(
  command: GenericTemplateCommand,
  state: GenericTemplateState,
): NewEvent[] {
  if (command.type === 'CreateGenericTemplate') {
    if (state.status !== 'none') throw badInput('A sub template with this id exists');
    assertMayAddGenericTemplates(command.access, command.entries);
    return [genericTemplateCreatedEvent.create(command.item)];
  }
  if (state.status !== 'active') throw notFound(M.genericTemplateNotFound);
  assertMayChangeGenericTemplates(command.access);
  switch (command.type) {
    case 'UpdateGenericTemplate':
      if (command.title === state.title) return [];
      return [
        genericTemplateUpdatedEvent.create({
          genericTemplateId: state.genericTemplateId,
          title: command.title,
        }),
      ];
    case 'DeleteGenericTemplate':
      return [
        genericTemplateDeletedEvent.create({
          genericTemplateId: state.genericTemplateId,
          proposalPk: state.proposalPk,
          questionId: state.questionId,
        }),
      ];
  }
}

export const genericTemplateDecider: Decider<GenericTemplateState, GenericTemplateCommand> = {
  initialState: initialGenericTemplateState,
  evolve: evolveGenericTemplate,
  decide: decideGenericTemplate,
};
