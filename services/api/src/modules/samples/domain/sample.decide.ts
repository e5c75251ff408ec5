import {
  questionTypeMessages,
  SafetyStatus,
  SAMPLE_CREATED,
  SAMPLE_DELETED,
  SAMPLE_SAFETY_EVALUATED,
  SAMPLE_UPDATED,
  sampleCreatedEvent,
  sampleDeletedEvent,
  sampleSafetyEvaluatedEvent,
  sampleUpdatedEvent,
  subTemplateMessages,
  type SampleCreatedData,
  type SampleEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = subTemplateMessages;

/** One sample folded from `sample-<id>`. */
export interface SampleState {
  status: 'none' | 'active' | 'deleted';
  sampleId: number;
  title: string;
  proposalPk: number;
  questionId: string;
  questionaryId: number;
  isPostProposalSubmission: boolean;
  safetyStatus: SafetyStatus;
  safetyComment: string;
}

export const initialSampleState: SampleState = {
  status: 'none',
  sampleId: 0,
  title: '',
  proposalPk: 0,
  questionId: '',
  questionaryId: 0,
  isPostProposalSubmission: false,
  safetyStatus: SafetyStatus.PENDING_EVALUATION,
  safetyComment: '',
};

export function evolveSample(state: SampleState, event: { type: string; data: unknown }): SampleState {
  const e = event as SampleEvent;
  switch (e.type) {
    case SAMPLE_CREATED:
      return {
        status: 'active',
        sampleId: e.data.sampleId,
        title: e.data.title,
        proposalPk: e.data.proposalPk,
        questionId: e.data.questionId,
        questionaryId: e.data.questionaryId,
        isPostProposalSubmission: e.data.isPostProposalSubmission,
        safetyStatus: e.data.safetyStatus,
        safetyComment: '',
      };
    case SAMPLE_UPDATED:
      return { ...state, title: e.data.title };
    case SAMPLE_SAFETY_EVALUATED:
      return { ...state, safetyStatus: e.data.safetyStatus, safetyComment: e.data.safetyComment };
    case SAMPLE_DELETED:
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/**
 * What the server knows about the caller and the sample's proposal: a member (PI, co-proposer; officers count
 * as members), the proposal editable for them (§4; officers: always) and whether it is submitted.
 */
export interface SampleProposalFacts {
  isMember: boolean;
  editable: boolean;
  submitted: boolean;
}

/** Adding samples to a question: its maxEntries against the pre-submission samples it already has. */
export interface SampleEntriesFacts {
  maxEntries: number | null;
  existingCount: number;
  adding: number;
}

/**
 * Pure: members change the samples of a proposal while it is editable for them; samples declared after
 * submission (isPostProposalSubmission) also once the proposal is submitted.
 */
export function assertMayChangeSamples(facts: SampleProposalFacts, isPostProposalSubmission: boolean): void {
  if (!facts.isMember) throw forbidden(M.mayNotRead);
  if (!facts.editable && !(isPostProposalSubmission && facts.submitted))
    throw badInput(M.proposalNotEditable);
}

/**
 * Pure: the rules for declaring samples on a proposal's SAMPLE_DECLARATION question (question and template
 * matched before); only pre-submission samples count toward maxEntries. The service runs it before creating the
 * samples' questionaries, so a refusal appends nothing.
 */
export function assertMayAddSamples(
  facts: SampleProposalFacts,
  isPostProposalSubmission: boolean,
  entries: SampleEntriesFacts,
): void {
  assertMayChangeSamples(facts, isPostProposalSubmission);
  if (
    !isPostProposalSubmission &&
    entries.maxEntries !== null &&
    entries.existingCount + entries.adding > entries.maxEntries
  )
    throw badInput(questionTypeMessages.samplesAtMost(entries.maxEntries));
}

/**
 * Who updates a sample, as the rules need them: whether they read its proposal (the one read rule), their role, and
 * whether the sample is on a submitted experiment safety input (ESI), the samples a safety reviewer evaluates.
 */
export interface SampleActor {
  id: number;
  readsProposal: boolean;
  isOfficer: boolean;
  isSafetyReviewer: boolean;
  onSubmittedEsi: boolean;
}

export type SampleCommand =
  | {
      type: 'CreateSample';
      sample: SampleCreatedData;
      proposal: SampleProposalFacts;
      entries: SampleEntriesFacts;
    }
  | {
      type: 'UpdateSample';
      /** null: unchanged */
      title: string | null;
      /** null: unchanged; each part null keeps its value */
      safety: { safetyStatus: SafetyStatus | null; safetyComment: string | null } | null;
      proposal: SampleProposalFacts;
      actor: SampleActor;
    }
  | { type: 'DeleteSample'; proposal: SampleProposalFacts };

/**
 * Pure: members rename a sample while it may be changed; officers evaluate any sample's safety, experiment safety
 * reviewers those of a submitted ESI (§6 "Experiment Safety only": what their review shows them, which is also what
 * the read rule lets them read). Whoever may not read the proposal is refused as a read is, whatever they ask, so a
 * write says no more than a read about what exists.
 */
function decideUpdate(command: Extract<SampleCommand, { type: 'UpdateSample' }>, state: SampleState) {
  const { actor, proposal } = command;
  if (!actor.readsProposal) throw forbidden(M.mayNotRead);
  const events: NewEvent[] = [];
  if (command.title !== null && command.title !== state.title) {
    assertMayChangeSamples(proposal, state.isPostProposalSubmission);
    events.push(sampleUpdatedEvent.create({ sampleId: state.sampleId, title: command.title }));
  }
  if (command.safety !== null) {
    if (!actor.isOfficer && !actor.isSafetyReviewer) throw forbidden(M.mayNotEvaluateSafety);
    if (!actor.isOfficer && !actor.onSubmittedEsi) throw forbidden(M.notOnSubmittedEsi);
    const safetyStatus = command.safety.safetyStatus ?? state.safetyStatus;
    const safetyComment = command.safety.safetyComment ?? state.safetyComment;
    if (safetyStatus !== state.safetyStatus || safetyComment !== state.safetyComment)
      events.push(
        sampleSafetyEvaluatedEvent.create({
          sampleId: state.sampleId,
          safetyStatus,
          safetyComment,
          evaluatedBy: actor.id,
        }),
      );
  }
  return events;
}

/** Pure: the events a sample command leads to; throws the rule broken. */
export function decideSample(command: SampleCommand, state: SampleState): NewEvent[] {
  if (command.type === 'CreateSample') {
    if (state.status !== 'none') throw badInput('A sample with this id exists');
    if (command.sample.safetyStatus !== SafetyStatus.PENDING_EVALUATION)
      throw badInput('A new sample starts pending evaluation');
    assertMayAddSamples(command.proposal, command.sample.isPostProposalSubmission, command.entries);
    return [sampleCreatedEvent.create(command.sample)];
  }
  if (state.status !== 'active') throw notFound(M.sampleNotFound);
  switch (command.type) {
    case 'UpdateSample':
      return decideUpdate(command, state);
    case 'DeleteSample': {
      const { proposal } = command;
      if (!proposal.isMember) throw forbidden(M.mayNotRead);
      if (proposal.submitted && !state.isPostProposalSubmission)
        throw badInput(M.onlyPostSubmissionSamplesDeleted);
      assertMayChangeSamples(proposal, state.isPostProposalSubmission);
      return [
        sampleDeletedEvent.create({
          sampleId: state.sampleId,
          proposalPk: state.proposalPk,
          questionId: state.questionId,
        }),
      ];
    }
  }
}

export const sampleDecider: Decider<SampleState, SampleCommand> = {
  initialState: initialSampleState,
  evolve: evolveSample,
  decide: decideSample,
};
