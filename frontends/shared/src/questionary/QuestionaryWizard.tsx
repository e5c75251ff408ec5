import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QuestionaryStepForm } from './QuestionaryStepForm';
import type { BasisExtension, QuestionaryOwner, QuestionaryStepData, WizardStepDefinition } from './types';
import { NestedWizardContext, type NestedWizardProps } from './nested-wizard';
import { useQuestionary } from './useQuestionary';
import { Wizard } from './Wizard';

export interface QuestionaryStepDefinitionsParams {
  steps: QuestionaryStepData[];
  /** null / 0 before the item's first save */
  questionaryId: number | null;
  owner: QuestionaryOwner;
  basis?: BasisExtension;
}

/** One wizard step (a QuestionaryStepForm) per enabled topic of a questionary. */
export function questionaryStepDefinitions({
  steps,
  questionaryId,
  owner,
  basis,
}: QuestionaryStepDefinitionsParams): WizardStepDefinition[] {
  const enabled = steps.filter((step) => step.topic.isEnabled);
  const allFields = enabled.flatMap((step) => step.fields);
  return enabled.map((step, index) => ({
    key: `topic-${step.topic.id}`,
    title: step.topic.title,
    isCompleted: step.isCompleted,
    // a questionary's last step is an ordinary step (the feature appends its own review step)
    isReview: index === enabled.length - 1 ? false : undefined,
    render: (context) => (
      <NestedWizardContext.Provider value={QuestionaryWizard}>
        <QuestionaryStepForm
          step={step}
          questionaryId={questionaryId}
          context={context}
          owner={owner}
          basis={basis}
          allFields={allFields}
        />
      </NestedWizardContext.Provider>
    ),
  }));
}

/** onReloaded: called after the questionary reloaded (e.g. to refresh a list showing its completeness) */
export type QuestionaryWizardProps = NestedWizardProps;

/** Loads a questionary and shows its steps in a Wizard (sub templates, samples). */
export function QuestionaryWizard({
  questionaryId,
  owner,
  basis,
  onReloaded,
  ...wizard
}: QuestionaryWizardProps) {
  const { t } = useTranslation();
  const { questionary, loading, error, reload } = useQuestionary(questionaryId);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!questionary) {
    return loading ? (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    ) : null;
  }
  return (
    <Wizard
      {...wizard}
      steps={questionaryStepDefinitions({ steps: questionary.steps, questionaryId, owner, basis })}
      reload={async () => {
        await reload();
        onReloaded?.();
      }}
    />
  );
}
