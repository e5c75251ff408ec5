import {
  ACTIVE_TEMPLATE_SET,
  activeTemplateSetEvent,
  type ActiveTemplateSetData,
  type TemplateGroupId,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';

/** The active template of one group (`template-group-<groupId>`). */
export interface ActiveTemplateState {
  templateId: number | null;
}

export type ActiveTemplateCommand = {
  type: 'SetActiveTemplate';
  groupId: TemplateGroupId;
  templateId: number | null;
};

export function decideActiveTemplate(command: ActiveTemplateCommand, state: ActiveTemplateState): NewEvent[] {
  if (state.templateId === command.templateId) return [];
  return [activeTemplateSetEvent.create({ groupId: command.groupId, templateId: command.templateId })];
}

export const activeTemplateDecider: Decider<ActiveTemplateState, ActiveTemplateCommand> = {
  initialState: { templateId: null },
  evolve: (state, event) =>
    event.type === ACTIVE_TEMPLATE_SET
      ? { templateId: (event.data as ActiveTemplateSetData).templateId }
      : state,
  decide: decideActiveTemplate,
};
