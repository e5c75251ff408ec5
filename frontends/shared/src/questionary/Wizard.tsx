import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Snackbar, Step, StepButton, Stepper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from './ConfirmDialog';
import type { WizardStepContext, WizardStepDefinition } from './types';

export interface WizardProps {
  steps: WizardStepDefinition[];
  /** the whole item is read-only (e.g. submitted): every step is */
  readonly?: boolean;
  /** officers: every step can be opened and none is read-only because of an incomplete previous step */
  canJumpAnywhere?: boolean;
  /** reloads the item (after a save, and when unsaved changes of a step are abandoned) */
  reload?: () => Promise<void>;
  /** the step to open instead of the one after the last completed (clamped) */
  initialStep?: number;
  /** mirrors the step index in this URL query parameter (e.g. "step"); needs a router */
  stepParam?: string;
  /** "Save and continue" on the last step */
  onFinish?(): void;
  /** warn before leaving the page (browser unload, in-app links) with unsaved changes; default true */
  guardNavigation?: boolean;
  onStepChange?(index: number): void;
}

/** §4: the index clamped to the valid range. */
export function clampStep(index: number, count: number): number {
  if (count <= 0) return 0;
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

/** §4: the initial step is the one after the last completed one. */
export function initialStepIndex(steps: readonly Pick<WizardStepDefinition, 'isCompleted'>[]): number {
  let last = -1;
  steps.forEach((step, index) => {
    if (step.isCompleted) last = index;
  });
  return clampStep(last + 1, steps.length);
}

/** Whether a step is a review step: flagged, or by default the last of two or more steps. */
function isReviewStep(steps: readonly WizardStepDefinition[], index: number): boolean {
  return steps[index]?.isReview ?? (index === steps.length - 1 && steps.length > 1);
}

/**
 * §4: a step is read-only when the previous one is incomplete; a review step until every step before it is complete;
 * officers (canJumpAnywhere) excepted; everything when the item is read-only.
 */
export function isStepReadonly(
  steps: readonly WizardStepDefinition[],
  index: number,
  options: { readonly?: boolean; canJumpAnywhere?: boolean } = {},
): boolean {
  if (options.readonly) return true;
  if (options.canJumpAnywhere) return false;
  if (isReviewStep(steps, index)) return !steps.slice(0, index).every((step) => step.isCompleted);
  return index > 0 && !steps[index - 1].isCompleted;
}

/** Which steps the stepper lets one open: officers any; others visited, completed or following a completed one. */
function isStepClickable(
  steps: readonly WizardStepDefinition[],
  index: number,
  current: number,
  canJumpAnywhere: boolean,
): boolean {
  return (
    canJumpAnywhere ||
    index === current ||
    index === 0 ||
    steps[index].isCompleted ||
    steps[index - 1].isCompleted
  );
}

/** A MUI stepper over the steps (§4 Wizard); each step renders itself with a WizardStepContext. */
export function Wizard(props: WizardProps) {
  return props.stepParam ? <UrlWizard {...props} stepParam={props.stepParam} /> : <LocalWizard {...props} />;
}

function LocalWizard(props: WizardProps) {
  const [step, setStep] = useState<number | null>(props.initialStep ?? null);
  return <WizardView {...props} step={step} setStep={setStep} />;
}

function UrlWizard(props: WizardProps & { stepParam: string }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(props.stepParam);
  const fromUrl = raw !== null && /^-?\d+$/.test(raw) ? Number(raw) : null;
  const setStep = useCallback(
    (index: number) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(props.stepParam, String(index));
          return next;
        },
        { replace: true },
      ),
    [setParams, props.stepParam],
  );
  return <WizardView {...props} step={fromUrl ?? props.initialStep ?? null} setStep={setStep} />;
}

function WizardView({
  steps,
  readonly = false,
  canJumpAnywhere = false,
  reload,
  onFinish,
  guardNavigation = true,
  onStepChange,
  step,
  setStep,
}: WizardProps & { step: number | null; setStep(index: number): void }) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const [notice, setNotice] = useState<string | null>(null);
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const container = useRef<HTMLDivElement | null>(null);
  const count = steps.length;
  const index = clampStep(step ?? initialStepIndex(steps), count);

  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);

  const go = useCallback(
    (target: number) => {
      const next = clampStep(target, count);
      setStep(next);
      onStepChange?.(next);
    },
    [count, setStep, onStepChange],
  );

  /** Leaving a step with unsaved changes asks, then reloads the item (§4). */
  const leaveTo = useCallback(
    async (target: number) => {
      if (target === index) return;
      if (dirtyRef.current) {
        if (!(await confirm(t('confirm.stepNotSaved')))) return;
        setDirty(false);
        go(target);
        await reload?.();
        return;
      }
      go(target);
    },
    [index, confirm, t, setDirty, go, reload],
  );

  // the browser's own prompt when the page is left with unsaved changes
  useEffect(() => {
    if (!dirty || !guardNavigation) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, guardNavigation]);

  // in-app links (the app uses <BrowserRouter>, where useBlocker is not available): intercepted before React Router
  useEffect(() => {
    if (!dirty || !guardNavigation) return;
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (container.current?.contains(anchor)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      void confirm(t('confirm.leaveUnsaved')).then((ok) => {
        if (!ok) return;
        setDirty(false);
        anchor.click();
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty, guardNavigation, confirm, t, setDirty]);

  if (count === 0) return null;
  const current = steps[index];
  const context: WizardStepContext = {
    readonly: isStepReadonly(steps, index, { readonly, canJumpAnywhere }),
    isFirst: index === 0,
    isLast: index === count - 1,
    goBack: () => void leaveTo(index - 1),
    goNext: () => {
      if (index >= count - 1) onFinish?.();
      else void leaveTo(index + 1);
    },
    setDirty,
    reload: async () => {
      await reload?.();
    },
    notify: setNotice,
  };

  return (
    <Box ref={container}>
      <Box sx={{ overflowX: 'auto', mb: 3 }}>
        <Stepper nonLinear activeStep={index} sx={{ minWidth: 500 }}>
          {steps.map((definition, i) => (
            <Step key={definition.key} completed={definition.isCompleted}>
              <StepButton
                onClick={() => void leaveTo(i)}
                disabled={!isStepClickable(steps, i, index, canJumpAnywhere)}
              >
                {definition.title}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      </Box>
      <Fragment key={current.key}>{current.render(context)}</Fragment>
      {confirmDialog}
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)}>
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </Box>
  );
}
