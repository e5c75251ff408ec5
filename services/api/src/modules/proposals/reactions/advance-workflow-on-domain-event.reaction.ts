import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CALL_ENDED,
  CALL_ENDED_INTERNAL,
  CALL_FAP_REVIEW_ENDED,
  CALL_REVIEW_ENDED,
  PROPOSAL_CREATED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  PROPOSAL_ASSESSMENT_EVENT_TYPES,
  assessmentWorkflowEvents,
  FAP_PROPOSAL_EVENT_TYPES,
  fapWorkflowEvents,
  EXPERIMENT_CREATED,
  EXPERIMENT_UPDATED,
  EXPERIMENT_DELETED,
  experimentProposalWorkflowEvents,
  type ExperimentEvent,
  type CallMilestoneData,
  type FapProposalEvent,
  type ProposalAssessmentEvent,
  proposalStreamId,
} from '@user-office/contracts';
import { RequestContext } from '../../../platform/context/request-context';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { AppError } from '../../../platform/errors/app-error';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { CallsRepository } from '../../calls';
import { WorkflowsRepository } from '../../workflows';
import { ExecuteProposalCommand } from '../commands/execute-proposal-command';
import { proposalDecider, type WorkflowStep } from '../domain/proposal.decide';
import { PROPOSALS_PROJECTION } from '../read-models/proposals/proposals.projection';
import { ProposalsRepository } from '../read-models/proposals/proposals.repository';

/** Call milestones and the status-changing event names they are to the proposals of the call. */
const CALL_EVENTS: Readonly<Record<string, string>> = {
  [CALL_ENDED]: 'CALL_ENDED',
  [CALL_ENDED_INTERNAL]: 'CALL_ENDED_INTERNAL',
  [CALL_REVIEW_ENDED]: 'CALL_REVIEW_ENDED',
  [CALL_FAP_REVIEW_ENDED]: 'CALL_FAP_REVIEW_ENDED',
};

/** The assessment events of a proposal (technical-reviews), recorded as the workflow events they are. */
const ASSESSMENT_EVENTS: ReadonlySet<string> = new Set(PROPOSAL_ASSESSMENT_EVENT_TYPES);

/** The FAP events of a proposal (faps), recorded as the workflow events they are (fapWorkflowEvents). */
const FAP_EVENTS: ReadonlySet<string> = new Set(FAP_PROPOSAL_EVENT_TYPES);

/**
 * The proposal's own events (the last branch of `apply`): no outside event to record, only an evaluation of the
 * proposal as it is.
 */
function isOwnEvent(type: string): boolean {
  return (
    !CALL_EVENTS[type] &&
    !ASSESSMENT_EVENTS.has(type) &&
    !FAP_EVENTS.has(type) &&
    type !== EXPERIMENT_CREATED &&
    type !== EXPERIMENT_UPDATED &&
    type !== EXPERIMENT_DELETED
  );
}

/** The workflow engine's checkpoint name. */
export const WORKFLOW_ENGINE = 'advance_workflow_on_domain_event';

/**
 * The workflow engine (ARCHITECTURE §4): after each domain event that concerns proposals, each proposal concerned
 * moves along every connection whose status-changing events all happened since it entered its current status.
 * The decision is the proposal decider's (`AdvanceWorkflow`): idempotent, so an event delivered twice moves
 * nothing twice; outside events (a call ending) are recorded on the proposal once per source event.
 */
@Injectable()
@RegisterProjection()
export class AdvanceWorkflowOnDomainEventReaction implements Projection {
  readonly name = WORKFLOW_ENGINE;
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [
    PROPOSAL_CREATED,
    PROPOSAL_UPDATED,
    PROPOSAL_SUBMITTED,
    PROPOSAL_STATUS_CHANGED,
    // the proposal's own events are folded into its status-changing events by the decider's evolve
    // (PROPOSAL_MANAGEMENT_DECISION_UPDATED, PROPOSAL_ACCEPTED / _REJECTED / _RESERVED, …_SUBMITTED, PROPOSAL_NOTIFIED)
    PROPOSAL_MANAGEMENT_DECISION_UPDATED,
    PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
    PROPOSAL_NOTIFIED,
    ...Object.keys(CALL_EVENTS),
    // the technical-reviews module's: instrument selected, feasibility review saved / submitted / feasible /
    // unfeasible, all feasibility reviews submitted (assessmentWorkflowEvents)
    ...PROPOSAL_ASSESSMENT_EVENT_TYPES,
    // the faps module's: FAP selected, all FAP reviewers selected, FAP review updated / submitted, all FAP reviews
    // submitted, FAP meeting saved / submitted (fapWorkflowEvents)
    ...FAP_PROPOSAL_EVENT_TYPES,
    // the experiments module's: an experiment of the proposal scheduled, activated, completed
    EXPERIMENT_CREATED,
    EXPERIMENT_UPDATED,
    EXPERIMENT_DELETED,
  ];
  readonly tables = [];
  private readonly logger = new Logger('WorkflowEngine');

  constructor(
    private readonly commands: CommandBus,
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
    private readonly proposals: ProposalsRepository,
    private readonly calls: CallsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {}

  /**
   * A projector batch: each run of the proposals' own events (a bulk change's 1,000 ProposalStatusChanged) is one
   * evaluation per proposal, all decided and appended at once (`executeMany`; each proposal's events under a
   * correlation id of their own, as one by one); the other events one by one, in order, as before. A proposal's own
   * events only ask for an evaluation on its stream as it is now, so one per run is the same as one per event.
   */
  async applyBatch(tx: unknown, events: readonly StoredEvent[]): Promise<void> {
    let run: number[] = [];
    for (const event of events) {
      if (isOwnEvent(event.type)) {
        run.push((event.data as { proposalPk: number }).proposalPk);
        continue;
      }
      await this.advanceMany(run);
      run = [];
      await this.apply(tx, event);
    }
    await this.advanceMany(run);
  }

  /** one evaluation of each proposal, decided and appended together; one by one when that is refused */
  private async advanceMany(proposalPks: readonly number[]): Promise<void> {
    const pks = [...new Set(proposalPks)];
    if (pks.length === 0) return;
    if (pks.length === 1) {
      await RequestContext.run({}, () => this.evaluate(pks[0]));
      return;
    }
    const proposals = await this.proposals.proposals(pks);
    const steps = new Map<number, Promise<WorkflowStep[]>>();
    const stepsOf = (callId: number) => {
      if (!steps.has(callId)) steps.set(callId, this.stepsOfCall(callId));
      return steps.get(callId)!;
    };
    const items = await Promise.all(
      proposals.map(async (p) => ({
        streamId: proposalStreamId(p.primaryKey),
        command: { type: 'AdvanceWorkflow' as const, connections: await stepsOf(p.callId) },
        metadata: RequestContext.run({}, () => RequestContext.metadata()),
      })),
    );
    try {
      const outcome = await this.events.executeMany(proposalDecider, items);
      if (outcome.position !== null) await this.projections.waitFor(outcome.position, [PROPOSALS_PROJECTION]);
    } catch (error) {
      // a proposal deleted or changed meanwhile: each on its own, as one by one
      this.logger.log(`Advancing ${pks.length} proposals at once: ${(error as Error).message}; one by one`);
      for (const pk of pks) await RequestContext.run({}, () => this.evaluate(pk));
    }
  }

  /** a proposal's own event: move it along the connections its events allow now */
  private async evaluate(proposalPk: number): Promise<void> {
    const proposal = await this.proposals.proposal(proposalPk);
    if (!proposal) return;
    await this.advance(proposalPk, await this.stepsOfCall(proposal.callId));
  }

  async apply(_tx: unknown, event: StoredEvent): Promise<void> {
    await RequestContext.run({}, async () => {
      const callEvent = CALL_EVENTS[event.type];
      if (callEvent) {
        const { callId } = event.data as CallMilestoneData;
        const steps = await this.stepsOfCall(callId);
        for (const proposalPk of await this.proposals.pksOfCall(callId)) {
          await this.advance(proposalPk, steps, { name: callEvent, sourceEventId: event.eventId });
        }
        return;
      }
      const isExperimentEvent =
        event.type === EXPERIMENT_CREATED ||
        event.type === EXPERIMENT_UPDATED ||
        event.type === EXPERIMENT_DELETED;
      if (ASSESSMENT_EVENTS.has(event.type) || FAP_EVENTS.has(event.type) || isExperimentEvent) {
        const [name, ...alsoNames] = FAP_EVENTS.has(event.type)
          ? fapWorkflowEvents(event as unknown as FapProposalEvent)
          : isExperimentEvent
            ? experimentProposalWorkflowEvents(event as unknown as ExperimentEvent)
            : assessmentWorkflowEvents(event as unknown as ProposalAssessmentEvent);
        if (!name) return;
        const { proposalPk } = event.data as { proposalPk: number };
        const proposal = await this.proposals.proposal(proposalPk);
        if (!proposal) return;
        await this.advance(proposalPk, await this.stepsOfCall(proposal.callId), {
          name,
          alsoNames,
          sourceEventId: event.eventId,
        });
        return;
      }
      await this.evaluate((event.data as { proposalPk: number }).proposalPk);
    });
  }

  private async stepsOfCall(callId: number): Promise<WorkflowStep[]> {
    const call = await this.calls.call(callId);
    if (!call) return [];
    const connections = await this.workflows.connections(call.proposalWorkflowId);
    return connections.map((c) => ({
      connectionId: c.id,
      sortOrder: c.sortOrder,
      prevStatusId: c.prevStatusId,
      statusId: c.statusId,
      statusChangingEvents: c.statusChangingEvents,
    }));
  }

  private async advance(
    proposalPk: number,
    connections: WorkflowStep[],
    external?: { name: string; sourceEventId: string; alsoNames?: readonly string[] },
  ) {
    try {
      await this.commands.execute(
        new ExecuteProposalCommand(proposalPk, { type: 'AdvanceWorkflow', connections, external }),
      );
    } catch (error) {
      // a proposal deleted meanwhile has nowhere to go; anything else is retried with the batch
      if (error instanceof AppError && error.code === 'NOT_FOUND') return;
      this.logger.warn(`Proposal ${proposalPk} not advanced: ${(error as Error).message}`);
      throw error;
    }
  }
}
