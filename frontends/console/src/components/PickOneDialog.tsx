import { useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import { useNotify } from 'react-admin';

export interface PickOneOption {
  id: number;
  name: string;
}

/**
 * A dialog that asks for one option and then runs a command with it (change status, clone to call, …): the
 * `required` message when none is picked, the command's failure as an error notification, `done` as a success one.
 * `empty` replaces the select when there is nothing to pick (its submit button disabled).
 */
export function PickOneDialog({
  open,
  title,
  label,
  options,
  required,
  submitLabel,
  cancelLabel,
  empty,
  run,
  done,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  options: readonly PickOneOption[];
  required: string;
  submitLabel: string;
  cancelLabel: string;
  empty?: ReactNode;
  run(id: number): Promise<unknown>;
  done: string;
  onClose(ran: boolean): void;
}) {
  const id = useId();
  const notify = useNotify();
  const [picked, setPicked] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nothingToPick = empty !== undefined && options.length === 0;

  const submit = async () => {
    if (picked === '') {
      setError(required);
      return;
    }
    setBusy(true);
    try {
      await run(picked);
      notify(done, { type: 'success' });
      setPicked('');
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {nothingToPick ? (
          <Alert severity="info">{empty}</Alert>
        ) : (
          <FormControl fullWidth margin="dense" error={error !== null}>
            <InputLabel id={`${id}-label`}>{label}</InputLabel>
            <Select
              labelId={`${id}-label`}
              label={label}
              value={picked}
              onChange={(e) => {
                setPicked((e.target.value as number | '') === '' ? '' : Number(e.target.value));
                setError(null);
              }}
            >
              {options.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </Select>
            {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
          </FormControl>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{cancelLabel}</Button>
        <Button variant="contained" disabled={busy || nothingToPick} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
