import { useMemo } from 'react';
import { Alert } from '@mui/material';
import type { SubTemplateConfig } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import {
  QuestionaryCloneSampleDocument,
  QuestionaryCreateSampleDocument,
  QuestionaryDeleteSampleDocument,
  QuestionarySamplesDocument,
  QuestionaryUpdateSampleDocument,
} from '../../gql/graphql';
import { ApiError, request } from '../../api/graphql-client';
import type { QuestionInputProps } from '../types';
import { EntriesInput, type EntriesAdapter } from './EntriesInput';

/**
 * SAMPLE_DECLARATION: the proposal's samples answering this question. Once the proposal is submitted only
 * post-submission samples are created, changed or deleted (§4).
 */
export function SampleDeclarationInput(props: QuestionInputProps) {
  const { t } = useTranslation();
  const { field, owner } = props;
  const config = field.config as unknown as Partial<SubTemplateConfig>;
  const proposalPk = owner.proposalPk;
  const submitted = owner.submitted === true;
  const questionId = field.question.id;
  const templateId = config.templateId ?? null;

  const adapter = useMemo<EntriesAdapter | null>(() => {
    if (!proposalPk || proposalPk <= 0 || templateId === null) return null;
    return {
      canAdd: true,
      counts: (item) => item.isPostProposalSubmission !== true,
      canChange: (item) => !submitted || item.isPostProposalSubmission === true,
      list: async () =>
        (
          await request(QuestionarySamplesDocument, { filter: { proposalPk, questionId } })
        ).getSamplesWithQuestionaryStatus.map((item) => ({
          id: item.id,
          title: item.title,
          questionaryId: item.questionaryId,
          isCompleted: item.isCompleted,
          isPostProposalSubmission: item.isPostProposalSubmission,
        })),
      create: async (title) => {
        const created = (
          await request(QuestionaryCreateSampleDocument, {
            title,
            templateId,
            proposalPk,
            questionId,
            isPostProposalSubmission: submitted,
          })
        ).createSample;
        if (!created) throw new ApiError(t('errors.generic'), null);
        return created;
      },
      rename: async (id, title) => {
        await request(QuestionaryUpdateSampleDocument, { sampleId: id, title });
      },
      clone: async (item) => {
        await request(QuestionaryCloneSampleDocument, {
          sampleId: item.id,
          isPostProposalSubmission: submitted,
        });
      },
      remove: async (id) => {
        await request(QuestionaryDeleteSampleDocument, { sampleId: id });
      },
    };
  }, [proposalPk, templateId, questionId, submitted, t]);

  if (!proposalPk || proposalPk <= 0) {
    return <Alert severity="error">{t('questionary.sampleMissingContext')}</Alert>;
  }
  if (templateId === null || !adapter) {
    return <Alert severity="error">{t('questionary.missingTemplateId')}</Alert>;
  }
  // after submission the declaration itself is read-only, but post-submission samples may still be added
  // (they are not part of the declaration, so maxEntries does not limit them)
  const readonly = submitted ? false : props.readonly;
  const shownField = submitted ? { ...field, config: { ...field.config, maxEntries: null } } : field;
  return (
    <EntriesInput
      {...props}
      field={shownField}
      readonly={readonly}
      adapter={adapter}
      deleteWarning={t('questionary.entries.deleteSample')}
    />
  );
}
