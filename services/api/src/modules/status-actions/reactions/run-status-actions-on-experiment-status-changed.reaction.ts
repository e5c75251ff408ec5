import { Injectable } from '@nestjs/common';
import { EXPERIMENT_WORKFLOW_STATUS_CHANGED } from '@user-office/contracts';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { RunStatusActionsOnProposalStatusChangedReaction } from './run-status-actions-on-proposal-status-changed.reaction';

/**
 * The status actions of experiment workflows: each status an experiment reaches on a connection
 * (ExperimentWorkflowStatusChanged, which carries the experiment's proposalPk, statusId and connectionId like
 * ProposalStatusChanged) owes the connection's actions exactly as a proposal's status does — the same planning,
 * recipients (PI, CO_PROPOSERS, INSTRUMENT_SCIENTISTS, EXPERIMENT_SAFETY_REVIEWERS, …, of the experiment's
 * proposal), ids derived from the event and log. Only its checkpoint and the event it reads differ.
 */
@Injectable()
@RegisterProjection()
export class RunStatusActionsOnExperimentStatusChangedReaction extends RunStatusActionsOnProposalStatusChangedReaction {
  override readonly name: string = 'run_status_actions_on_experiment_status_changed';
  override readonly eventTypes: string[] = [EXPERIMENT_WORKFLOW_STATUS_CHANGED];
}
