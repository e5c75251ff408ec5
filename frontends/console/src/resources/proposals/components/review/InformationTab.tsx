import { Alert, Button, Stack, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
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

/** The generated step as the shared questionary components type it (also the safety review's answers). */
export function toStep(step: ConsoleQuestionaryStepFragment): QuestionaryStepData {
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

/**
 * Proposal information: every answer, with the same summary as the portal's review step. While the officer edits
 * (the modal's Edit proposal toggle), each step opens in the portal's wizard at that step (/ProposalEdit/{pk}).
 */
export function InformationTab({
  proposal,
  editing = false,
}: {
  proposal: ProposalRecord;
  editing?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  // the wizard's steps are the questionary's enabled topics, in order (then its review step)
  const wizardSteps = (proposal.questionary?.steps ?? []).filter((s) => s.topic.isEnabled);
  return (
    <Stack spacing={2}>
      {editing ? (
        <Alert severity="info" data-testid="review-editing">
          <Typography gutterBottom>{t('console.review.editingHint')}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {wizardSteps.map((step, index) => (
              <Button
                key={step.topic.id}
                size="small"
                variant="outlined"
                startIcon={<Edit />}
                href={`/ProposalEdit/${proposal.primaryKey}?step=${index}`}
              >
                {t('console.review.editStep', { topic: step.topic.title })}
              </Button>
            ))}
          </Stack>
        </Alert>
      ) : null}
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
