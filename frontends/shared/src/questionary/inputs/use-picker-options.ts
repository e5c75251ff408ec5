import { useEffect, useState } from 'react';
import type { AnswerContext } from '@user-office/contracts';
import { request } from '../../api/graphql-client';
import {
  QuestionInputInstrumentOptionsDocument,
  QuestionInputTechniqueOptionsDocument,
} from '../../gql/graphql';
import { useStepForm } from '../step-form-context';

export interface PickerOption {
  id: number;
  name: string;
}

/**
 * The options of an instrument or technique picker: the config's own, or when it lists none, those the api offers
 * (`load`), which the step form then also checks the answer against (`context`).
 */
function useOfferedOptions(
  name: string,
  own: readonly PickerOption[],
  key: string,
  load: () => Promise<PickerOption[]>,
  context: (ids: number[]) => AnswerContext,
): PickerOption[] {
  const stepForm = useStepForm();
  const [fetched, setFetched] = useState<PickerOption[]>([]);
  const needed = own.length === 0;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    load()
      .then((options) => {
        if (!current) return;
        setFetched(options);
        stepForm?.setAnswerContext(name, context(options.map((o) => o.id)));
      })
      .catch(() => current && setFetched([]));
    return () => {
      current = false;
    };
  }, [needed, key, name, stepForm]); // `load` and `context` follow from `key`
  return needed ? fetched : [...own];
}

/** An instrument picker's options: its own, or the instruments of the proposal's call (getInstrumentsMinimal). */
export function useInstrumentOptions(
  name: string,
  own: readonly PickerOption[],
  callId: number | null | undefined,
): PickerOption[] {
  return useOfferedOptions(
    name,
    own,
    `instruments-${callId ?? 'all'}`,
    () =>
      request(QuestionInputInstrumentOptionsDocument, { callIds: callId ? [callId] : null }).then(
        (d) => d.getInstrumentsMinimal,
      ),
    (ids) => ({ offeredInstruments: ids }),
  );
}

/** A technique picker's options: its own, or every technique (getTechniquesMinimal). */
export function useTechniqueOptions(name: string, own: readonly PickerOption[]): PickerOption[] {
  return useOfferedOptions(
    name,
    own,
    'techniques',
    () => request(QuestionInputTechniqueOptionsDocument).then((d) => d.getTechniquesMinimal),
    (ids) => ({ offeredTechniques: ids }),
  );
}
