import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionaryBlankStepsDocument, QuestionaryGetDocument } from '../gql/graphql';
import { request } from '../api/graphql-client';
import { toStepData } from './model';
import type { QuestionaryStepData } from './types';

export interface LoadedQuestionary {
  /** 0 for the blank steps of an item not yet saved (§4 "New items have id 0 until first saved") */
  questionaryId: number;
  templateId: number;
  isCompleted: boolean;
  steps: QuestionaryStepData[];
}

export interface UseQuestionaryResult {
  questionary: LoadedQuestionary | null;
  /** shortcut for questionary?.steps ?? [] */
  steps: QuestionaryStepData[];
  loading: boolean;
  /** "Failed to load questionary details" */
  error: string | null;
  reload(): Promise<void>;
}

export interface UseQuestionaryOptions {
  /** when there is no questionary yet (id null / 0): load getBlankQuestionarySteps of this template instead */
  blankTemplateId?: number | null;
}

/** Loads a questionary (getQuestionary), or a template's blank steps for an item that is not saved yet. */
export function useQuestionary(
  questionaryId: number | null | undefined,
  options: UseQuestionaryOptions = {},
): UseQuestionaryResult {
  const { t } = useTranslation();
  const blankTemplateId = options.blankTemplateId ?? null;
  const [questionary, setQuestionary] = useState<LoadedQuestionary | null>(null);
  const [loading, setLoading] = useState<boolean>(Boolean(questionaryId) || blankTemplateId !== null);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  const reload = useCallback(async (): Promise<void> => {
    const current = ++generation.current;
    const failed = t('errors.failedToLoadQuestionary');
    if (!questionaryId && blankTemplateId === null) {
      setQuestionary(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      let loaded: LoadedQuestionary | null = null;
      if (questionaryId) {
        const data = await request(QuestionaryGetDocument, { questionaryId });
        const q = data.getQuestionary;
        if (q) {
          loaded = {
            questionaryId: q.questionaryId,
            templateId: q.templateId,
            isCompleted: q.isCompleted,
            steps: q.steps.map(toStepData),
          };
        }
      } else if (blankTemplateId !== null) {
        const data = await request(QuestionaryBlankStepsDocument, { templateId: blankTemplateId });
        loaded = {
          questionaryId: 0,
          templateId: blankTemplateId,
          isCompleted: false,
          steps: data.getBlankQuestionarySteps.map(toStepData),
        };
      }
      if (current !== generation.current) return;
      setQuestionary(loaded);
      setError(loaded ? null : failed);
    } catch {
      if (current !== generation.current) return;
      setError(failed);
    } finally {
      if (current === generation.current) setLoading(false);
    }
  }, [questionaryId, blankTemplateId, t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { questionary, steps: questionary?.steps ?? [], loading, error, reload };
}
