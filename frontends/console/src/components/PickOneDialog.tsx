import { useEffect, useId, useState, type ReactNode } from 'react';
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

interface PickProps {
  open: boolean;
  title: string;
  label: string;
  options: readonly PickOneOption[];
  submitLabel: string;
  cancelLabel: string;
  empty?: ReactNode;
  /** shown above the select (a warning about the selection, …) */
  intro?: ReactNode;
  /** the success notification, or a function of what was picked ("Assigned to {name}") */
  done: string | ((picked: number[]) => string);
  onClose(ran: boolean): void;
  /** the options picked when the dialog opens (multiple: the current instruments, …) */
  initial?: readonly number[];
}

/** One option: `required` when none is picked. */
interface PickOne extends PickProps {
  multiple?: false;
  required: string;
  run(id: number): Promise<unknown>;
}

/** Several options (`multiple`): none picked is allowed unless `required` is given. */
interface PickMany extends PickProps {
  multiple: true;
  required?: string;
  run(ids: number[]): Promise<unknown>;
}

/**
 * A dialog that asks for one option (or several, `multiple`) and then runs a command with it (change status, clone
 * to call, assign to instruments, …): the `required` message when none is picked, the command's failure as an error
 * notification, `done` as a success one. `empty` replaces the select when there is nothing to pick (its submit
 * button disabled).
 */
export function PickOneDialog(props: PickOne | PickMany) {
  const { open, title, label, options, required, submitLabel, cancelLabel, empty, intro, done, onClose } =
    props;
  const id = useId();
  const notify = useNotify();
  const [picked, setPicked] = useState<number[]>([...(props.initial ?? [])]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nothingToPick = empty !== undefined && options.length === 0;
  const initialKey = (props.initial ?? []).join(',');
  useEffect(() => {
    if (open) setPicked(initialKey ? initialKey.split(',').map(Number) : []);
  }, [open, initialKey]);

  const submit = async () => {
    if (picked.length === 0 && required !== undefined) {
      setError(required);
      return;
    }
    setBusy(true);
    try {
      if (props.multiple) await props.run(picked);
      else await props.run(picked[0]);
      notify(typeof done === 'function' ? done(picked) : done, { type: 'success' });
      setPicked([]);
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
        {intro}
        {nothingToPick ? (
          <Alert severity="info">{empty}</Alert>
        ) : (
          <FormControl fullWidth margin="dense" error={error !== null}>
            <InputLabel id={`${id}-label`}>{label}</InputLabel>
            <Select
              labelId={`${id}-label`}
              label={label}
              multiple={props.multiple === true}
              value={props.multiple ? picked : (picked[0] ?? '')}
              renderValue={
                props.multiple
                  ? (value: unknown) =>
                      options
                        .filter((o) => (value as number[]).includes(o.id))
                        .map((o) => o.name)
                        .join(', ')
                  : undefined
              }
              onChange={(e) => {
                const value = e.target.value as unknown;
                if (Array.isArray(value)) setPicked(value.map(Number));
                else setPicked(value === '' ? [] : [Number(value)]);
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
