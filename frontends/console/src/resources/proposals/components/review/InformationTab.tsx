import { Stack, Typography } from '@mui/material';
import { DataType, DependenciesLogicOperator, EvaluatorOperator } from '@user-office/contracts';
import { AnswersSummary, type QuestionaryStepData } from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useTranslation } from 'react-i18next';
import type { ConsoleQuestionaryStepFragment } from '../../../../gql/graphql';
import type { ProposalRecord } from '../../proposals.operations';

type Person = { firstname: string; lastname: string; preferredname?: string | null };

function name(p: Person | null | undefined): string {
  return p ? `${p.preferredname || p.firstname} ${p.lastname}`.trim() : '';
}

/** The generated step as the shared questionary components type it. */
function toStep(step: ConsoleQuestionaryStepFragment): QuestionaryStepData {
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

/** Proposal information: every answer, with the same summary as the portal's review step. */
export function InformationTab({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Stack spacing={2}>
      <Typography data-testid="proposal-reference">
        {t('proposals.edit.reference')}: <strong>{proposal.proposalId}</strong>
        {proposal.call ? ` · ${t('proposals.edit.call')}: ${proposal.call.shortCode}` : null}
        {proposal.submittedDate
          ? ` · ${t('proposals.review.submittedOn', { date: dates.dateTime(proposal.submittedDate) })}`
          : null}
      </Typography>
      <AnswersSummary
        steps={(proposal.questionary?.steps ?? []).map(toStep)}
        basisRows={[
          { key: 'title', question: t('proposals.basis.title'), answer: proposal.title },
          { key: 'abstract', question: t('proposals.basis.abstract'), answer: proposal.abstract },
          {
            key: 'pi',
            question: t('proposals.basis.principalInvestigator'),
            answer: name(proposal.proposer),
          },
          {
            key: 'co-proposers',
            question: t('proposals.basis.coProposers'),
            answer: proposal.users.map(name).join(', ') || t('proposals.review.none'),
          },
        ]}
      />
    </Stack>
  );
}
