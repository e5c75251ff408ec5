import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  /** the question asked, e.g. t('confirm.discardStep') */
  text: ReactNode;
  /** defaults to "Please confirm" */
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  /** disables OK while the confirmed action runs */
  busy?: boolean;
}

/** The shared confirmation dialog: a text with OK / Cancel. */
export function ConfirmDialog({
  open,
  text,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} component="div">
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel ?? t('confirm.no')}</Button>
        <Button onClick={onConfirm} variant="contained" disabled={busy} autoFocus>
          {confirmLabel ?? t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A promise-based confirmation: `const [confirm, dialog] = useConfirm();` render `dialog`, then
 * `if (await confirm(text)) …`.
 */
export function useConfirm(): [(text: ReactNode) => Promise<boolean>, ReactNode] {
  const [text, setText] = useState<ReactNode>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback((question: ReactNode) => {
    resolver.current?.(false);
    setText(question);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = (ok: boolean) => {
    setOpen(false);
    resolver.current?.(ok);
    resolver.current = null;
  };
  const dialog = (
    <ConfirmDialog open={open} text={text} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  );
  return [confirm, dialog];
}

/**
 * A questionary's Submit (§4: needs confirmation): asks `question`, runs `submit`, keeps its refusal's message for
 * the page and reloads whatever happened (the server's state is the truth). Render `dialog`.
 */
export function useConfirmedSubmit(
  question: ReactNode,
  submit: () => Promise<unknown>,
  reload: () => Promise<unknown>,
): { run(): Promise<void>; busy: boolean; error: string | null; dialog: ReactNode } {
  const [confirm, dialog] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!(await confirm(question))) return;
    setBusy(true);
    setError(null);
    try {
      await submit();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      await reload();
      setBusy(false);
    }
  };
  return { run, busy, error, dialog };
}
