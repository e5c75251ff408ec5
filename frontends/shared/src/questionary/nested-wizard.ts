import { createContext, useContext, type ComponentType } from 'react';
import type { BasisExtension, QuestionaryOwner } from './types';
import type { WizardProps } from './Wizard';

/** What a sub-template entry's dialog needs of the wizard that shows the entry's own questionary. */
export interface NestedWizardProps extends Omit<WizardProps, 'steps' | 'reload'> {
  questionaryId: number;
  owner: QuestionaryOwner;
  basis?: BasisExtension;
  onReloaded?(): void;
}

/**
 * The wizard a step's sub-template entries open (QuestionaryWizard), injected by the step definitions rather than
 * imported: the entry dialog lives below the question inputs, which live below the wizard, so an import would
 * close the circle QuestionInput → sub-template input → ItemDialog → QuestionaryWizard → QuestionInput.
 */
export const NestedWizardContext = createContext<ComponentType<NestedWizardProps> | null>(null);

export function useNestedWizard(): ComponentType<NestedWizardProps> {
  const wizard = useContext(NestedWizardContext);
  if (!wizard)
    throw new Error('A questionary step needs the NestedWizardContext (see questionaryStepDefinitions)');
  return wizard;
}
