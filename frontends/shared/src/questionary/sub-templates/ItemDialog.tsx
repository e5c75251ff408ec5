import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { questionMessages } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { useNestedWizard } from '../nested-wizard';
import type { QuestionaryOwner } from '../types';
import type { EntriesAdapter, EntryItem } from './entries-adapter';
import { titleBasis } from './title-basis';

export interface ItemDialogProps {
  /** null: a new entry (title first, then its questionary) */
  item: EntryItem | null;
  questionLabel: string;
  owner: QuestionaryOwner;
  readonly: boolean;
  adapter: EntriesAdapter;
  /** the entry was created or saved */
  onChanged(): void;
  onClose(): void;
}

/** An entry's dialog: its title (new entries), then the sub-template's own wizard on the entry's questionary. */
export function ItemDialog({
  item,
  questionLabel,
  owner,
  readonly,
  adapter,
  onChanged,
  onClose,
}: ItemDialogProps) {
  const { t } = useTranslation();
  const QuestionaryWizard = useNestedWizard();
  const [current, setCurrent] = useState<{ id: number; title: string; questionaryId: number } | null>(item);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const basis = useMemo(
    () =>
      current
        ? titleBasis(current.title, async (next) => {
            await adapter.rename(current.id, next);
            setCurrent({ ...current, title: next });
          })
        : undefined,
    [current, adapter],
  );

  const create = async () => {
    if (title.trim() === '') {
      setTitleError(questionMessages.requiredField);
      return;
    }
    setCreating(true);
    setError(null);
    try {
      const created = await adapter.create(title.trim());
      setCurrent(created);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="questionary-item-dialog-title">
      <DialogTitle id="questionary-item-dialog-title">{current ? current.title : questionLabel}</DialogTitle>
      <DialogContent>
        {current ? (
          <QuestionaryWizard
            questionaryId={current.questionaryId}
            owner={owner}
            basis={basis}
            readonly={readonly}
            guardNavigation={false}
            onReloaded={onChanged}
            onFinish={onClose}
          />
        ) : (
          <Box
            component="form"
            noValidate
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              void create();
            }}
          >
            <TextField
              id="questionary-new-item-title"
              label={t('questionary.entries.title')}
              value={title}
              required
              fullWidth
              autoFocus
              disabled={readonly || creating}
              onChange={(e) => {
                setTitle(e.target.value);
                setTitleError(null);
              }}
              error={Boolean(titleError)}
              helperText={titleError ?? undefined}
            />
            {error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            ) : null}
            <Box sx={{ mt: 2, textAlign: 'right' }}>
              <Button type="submit" variant="contained" disabled={readonly || creating}>
                {t('questionary.entries.create')}
              </Button>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('questionary.entries.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
