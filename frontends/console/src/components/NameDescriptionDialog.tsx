import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotify } from 'react-admin';

/**
 * Create or edit something by its name and description (a template, a workflow): the name is required
 * (`nameRequired` shown without one), both are trimmed; `onSubmit`'s failure is notified and the dialog stays.
 */
export function NameDescriptionDialog({
  title,
  labels,
  initial = { name: '', description: '' },
  onSubmit,
  onClose,
}: {
  title: string;
  labels: { name: string; description: string; nameRequired: string; submit: string; cancel: string };
  initial?: { name: string; description: string };
  onSubmit(name: string, description: string): Promise<void>;
  onClose(): void;
}) {
  const id = useId();
  const notify = useNotify();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!name.trim()) {
      setError(labels.nameRequired);
      return;
    }
    try {
      await onSubmit(name.trim(), description.trim());
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={labels.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            required
            autoFocus
          />
          <TextField
            label={labels.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{labels.cancel}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {labels.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
