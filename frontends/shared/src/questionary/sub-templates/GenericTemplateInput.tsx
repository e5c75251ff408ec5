import { useMemo } from 'react';
import { Alert } from '@mui/material';
import type { SubTemplateConfig } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import {
  QuestionaryCloneGenericTemplateDocument,
  QuestionaryCreateGenericTemplateDocument,
  QuestionaryDeleteGenericTemplateDocument,
  QuestionaryGenericTemplatesDocument,
  QuestionaryUpdateGenericTemplateDocument,
} from '../../gql/graphql';
import { ApiError, request } from '../../api/graphql-client';
import type { QuestionInputProps } from '../types';
import { CopyDialog } from './CopyDialog';
import { EntriesInput, type EntriesAdapter } from './EntriesInput';

/** GENERIC_TEMPLATE: the proposal's sub-template entries answering this question. */
export function GenericTemplateInput(props: QuestionInputProps) {
  const { t } = useTranslation();
  const { field, owner } = props;
  const config = field.config as unknown as Partial<SubTemplateConfig>;
  const proposalPk = owner.proposalPk;
  const questionId = field.question.id;
  const templateId = config.templateId ?? null;

  const adapter = useMemo<EntriesAdapter | null>(() => {
    if (!proposalPk || proposalPk <= 0 || templateId === null) return null;
    return {
      canAdd: true,
      counts: () => true,
      canChange: () => true,
      list: async () =>
        (
          await request(QuestionaryGenericTemplatesDocument, { filter: { proposalPk, questionId } })
        ).getGenericTemplatesWithQuestionaryStatus.map((item) => ({
          id: item.id,
          title: item.title,
          questionaryId: item.questionaryId,
          isCompleted: item.isCompleted,
        })),
      create: async (title) => {
        const created = (
          await request(QuestionaryCreateGenericTemplateDocument, {
            title,
            templateId,
            proposalPk,
            questionId,
          })
        ).createGenericTemplate;
        if (!created) throw new ApiError(t('errors.generic'), null);
        return created;
      },
      rename: async (id, title) => {
        await request(QuestionaryUpdateGenericTemplateDocument, { genericTemplateId: id, title });
      },
      clone: async (item) => {
        await request(QuestionaryCloneGenericTemplateDocument, { genericTemplateId: item.id });
      },
      remove: async (id) => {
        await request(QuestionaryDeleteGenericTemplateDocument, { genericTemplateId: id });
      },
    };
  }, [proposalPk, templateId, questionId, t]);

  if (!proposalPk || proposalPk <= 0) {
    return <Alert severity="error">{t('questionary.genericTemplateMissingContext')}</Alert>;
  }
  if (templateId === null || !adapter) {
    return <Alert severity="error">{t('questionary.missingTemplateId')}</Alert>;
  }
  return (
    <EntriesInput
      {...props}
      adapter={adapter}
      deleteWarning={t('questionary.entries.deleteGenericTemplate')}
      renderCopyDialog={({ open, onClose }) => (
        <CopyDialog
          open={open}
          onClose={onClose}
          questionLabel={field.question.question}
          questionId={questionId}
          templateId={templateId}
          proposalPk={proposalPk}
          multiple={config.isMultipleCopySelect === true}
        />
      )}
    />
  );
}
