import { useCallback, useRef, useState, type ReactNode } from 'react';
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
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel ?? t('confirm.no')}</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>
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
