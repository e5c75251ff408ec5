import {
  DEFAULT_RABBITMQ_EXCHANGE,
  EMAIL_ACTION_ID,
  EmailStatusActionRecipients,
  mainConnectionGroupId,
  RABBITMQ_ACTION_ID,
  StatusActionType,
  WorkflowType,
} from '@user-office/contracts';

/** A status of a default workflow after the initial one: where it goes, what it waits for, what it runs. */
export interface DefaultWorkflowStep {
  shortCode: string;
  droppableGroupId: string;
  parentDroppableGroupId: string | null;
  statusChangingEvents: string[];
  /** as addConnectionStatusActions takes them (config as JSON text) */
  actions: { actionId: number; actionType: StatusActionType; config: string }[];
}

/** A workflow the system starts with (created on the first start of the api, through the commands). */
export interface DefaultWorkflow {
  /** fixed, so that two api processes starting together create it once */
  workflowId: number;
  name: string;
  description: string;
  entityType: WorkflowType;
  /** in order; each is appended to the end of its group */
  steps: DefaultWorkflowStep[];
}

const emailTo = (emailTemplateId: string, recipient = EmailStatusActionRecipients.PI) => ({
  actionId: EMAIL_ACTION_ID,
  actionType: StatusActionType.EMAIL,
  config: JSON.stringify({
    recipientsWithEmailTemplate: [{ recipient: { name: recipient }, emailTemplate: { id: emailTemplateId } }],
    otherRecipientEmails: [],
    combineEmails: false,
  }),
});

const PROPOSAL_MAIN = mainConnectionGroupId(WorkflowType.PROPOSAL);
const EXPERIMENT_MAIN = mainConnectionGroupId(WorkflowType.EXPERIMENT);

/** The highest id of a default workflow: workflows created later get ids above it. */
export const DEFAULT_WORKFLOW_MAX_ID = 2;

/**
 * The default proposal workflow: DRAFT → SUBMITTED_LOCKED → UNDER_REVIEW, then APPROVED or UNSUCCESSFUL (two
 * branches hanging from UNDER_REVIEW); and the default experiment workflow: AWAITING_ESF → ESF_IS_REVIEW, then
 * ESF_APPROVED or ESF_REJECTED, e-mailing the safety reviewers when an ESI waits for them and the PI when it is
 * approved or rejected.
 */
export const DEFAULT_WORKFLOWS: readonly DefaultWorkflow[] = [
  {
    workflowId: 1,
    name: 'Default proposal workflow',
    description: 'Draft, submitted (locked), under review, then approved or unsuccessful',
    entityType: WorkflowType.PROPOSAL,
    steps: [
      {
        shortCode: 'SUBMITTED_LOCKED',
        droppableGroupId: PROPOSAL_MAIN,
        parentDroppableGroupId: null,
        statusChangingEvents: ['PROPOSAL_SUBMITTED'],
        actions: [emailTo('proposal-submitted')],
      },
      {
        shortCode: 'UNDER_REVIEW',
        droppableGroupId: PROPOSAL_MAIN,
        parentDroppableGroupId: null,
        statusChangingEvents: ['PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED'],
        actions: [],
      },
      {
        shortCode: 'APPROVED',
        droppableGroupId: 'proposalWorkflowConnections_1',
        parentDroppableGroupId: PROPOSAL_MAIN,
        statusChangingEvents: ['PROPOSAL_ACCEPTED'],
        actions: [
          emailTo('proposal-accepted'),
          {
            actionId: RABBITMQ_ACTION_ID,
            actionType: StatusActionType.RABBITMQ,
            config: JSON.stringify({ exchanges: [DEFAULT_RABBITMQ_EXCHANGE] }),
          },
        ],
      },
      {
        shortCode: 'UNSUCCESSFUL',
        droppableGroupId: 'proposalWorkflowConnections_2',
        parentDroppableGroupId: PROPOSAL_MAIN,
        statusChangingEvents: ['PROPOSAL_REJECTED'],
        actions: [emailTo('proposal-rejected')],
      },
    ],
  },
  {
    workflowId: 2,
    name: 'Default experiment workflow',
    description: 'Awaiting the experiment safety form, its review, then approved or rejected',
    entityType: WorkflowType.EXPERIMENT,
    steps: [
      {
        shortCode: 'ESF_IS_REVIEW',
        droppableGroupId: EXPERIMENT_MAIN,
        parentDroppableGroupId: null,
        statusChangingEvents: ['EXPERIMENT_ESF_SUBMITTED'],
        actions: [
          emailTo('experiment-esf-submitted', EmailStatusActionRecipients.EXPERIMENT_SAFETY_REVIEWERS),
        ],
      },
      {
        shortCode: 'ESF_APPROVED',
        droppableGroupId: 'experimentWorkflowConnections_1',
        parentDroppableGroupId: EXPERIMENT_MAIN,
        statusChangingEvents: ['EXPERIMENT_ESF_APPROVED'],
        actions: [emailTo('experiment-esf-approved')],
      },
      {
        shortCode: 'ESF_REJECTED',
        droppableGroupId: 'experimentWorkflowConnections_2',
        parentDroppableGroupId: EXPERIMENT_MAIN,
        statusChangingEvents: ['EXPERIMENT_ESF_REJECTED'],
        actions: [emailTo('experiment-esf-rejected')],
      },
    ],
  },
];
