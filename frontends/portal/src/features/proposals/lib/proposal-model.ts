import { DataType, DependenciesLogicOperator, EvaluatorOperator } from '@user-office/contracts';
import type { QuestionaryStepData } from '@user-office/frontend-shared/questionary';
import type {
  ProposalsProposalQuery,
  ProposalsQuestionaryStepFragment,
  ProposalsUserFragment,
} from '../../../gql/graphql';

export type ProposalUser = ProposalsUserFragment;
export type LoadedProposal = NonNullable<ProposalsProposalQuery['getProposal']>;
export type ProposalInvite = LoadedProposal['coProposerInvites'][number];

/** "Firstname Lastname" (the preferred name first when there is one). */
export function userName(user: Pick<ProposalUser, 'firstname' | 'lastname' | 'preferredname'>): string {
  return `${user.preferredname || user.firstname} ${user.lastname}`.trim();
}

/** The generated step (string unions, JSON as unknown) as the questionary components' contract types it. */
export function toQuestionaryStep(step: ProposalsQuestionaryStepFragment): QuestionaryStepData {
  return {
    topic: step.topic,
    isCompleted: step.isCompleted,
    fields: step.fields.map((f) => ({
      question: { ...f.question, dataType: DataType[f.question.dataType] },
      config: (f.config ?? {}) as Record<string, unknown>,
      dependencies: f.dependencies.map((d) => ({
        ...d,
        condition: { condition: EvaluatorOperator[d.condition.condition], params: d.condition.params },
      })),
      dependenciesOperator: DependenciesLogicOperator[f.dependenciesOperator],
      topicId: f.topicId,
      sortOrder: f.sortOrder,
      value: f.value ?? null,
    })),
  };
}

export function hasProposalBasis(step: ProposalsQuestionaryStepFragment | QuestionaryStepData): boolean {
  return step.fields.some((f) => f.question.dataType === 'PROPOSAL_BASIS');
}

export interface EditabilitySession {
  currentRole: string;
  isInternalUser: boolean;
}

export type ReadOnlyReason = 'submitted' | 'callClosed' | null;

const EDITABLE_AFTER_SUBMISSION = 'EDITABLE_SUBMITTED';
const EDITABLE_AFTER_SUBMISSION_INTERNAL = 'EDITABLE_SUBMITTED_INTERNAL';

/**
 * §4: a draft is editable while its call takes proposals (internally open for internal users); after submission
 * only in an EDITABLE_SUBMITTED(_INTERNAL) status. Officers may always. The server decides anyway.
 */
export function readOnlyReason(
  proposal: {
    submitted: boolean;
    status: { shortCode: string } | null;
    call: { isActive: boolean; isActiveInternal: boolean } | null;
  },
  session: EditabilitySession,
): ReadOnlyReason {
  if (session.currentRole === 'USER_OFFICER') return null;
  if (proposal.submitted) {
    const code = proposal.status?.shortCode;
    if (code === EDITABLE_AFTER_SUBMISSION) return null;
    if (code === EDITABLE_AFTER_SUBMISSION_INTERNAL && session.isInternalUser) return null;
    return 'submitted';
  }
  const call = proposal.call;
  if (!call) return null;
  if (call.isActive || (session.isInternalUser && call.isActiveInternal)) return null;
  return 'callClosed';
}
