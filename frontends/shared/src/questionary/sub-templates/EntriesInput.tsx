import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { SubTemplateConfig } from '@user-office/contracts';
import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../ConfirmDialog';
import { useStepForm } from '../step-form-context';
import type { QuestionInputProps } from '../types';
import type { EntriesAdapter, EntryItem } from './entries-adapter';
import { ItemDialog } from './ItemDialog';

export type { EntriesAdapter, EntryItem } from './entries-adapter';

export interface EntriesInputProps extends QuestionInputProps {
  adapter: EntriesAdapter;
  deleteWarning: string;
  /** a copy-from-previous-proposals dialog (sub templates with canCopy) */
  renderCopyDialog?(props: {
    open: boolean;
    onClose(copied: boolean): void;
    remaining: number | null;
  }): ReactNode;
}

function sameIds(value: unknown, ids: readonly number[]): boolean {
  return Array.isArray(value) && value.length === ids.length && value.every((v, i) => v === ids[i]);
}

/** The list of entries of a GENERIC_TEMPLATE / SAMPLE_DECLARATION question with add, edit, clone and delete. */
export function EntriesInput({
  field,
  name,
  readonly,
  owner,
  adapter,
  deleteWarning,
  renderCopyDialog,
}: EntriesInputProps) {
  const { t } = useTranslation();
  const config = field.config as unknown as Partial<SubTemplateConfig>;
  const stepForm = useStepForm();
  const [, meta, helpers] = useField<unknown>(name);
  const [items, setItems] = useState<EntryItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<EntryItem | 'new' | null>(null);
  const [copying, setCopying] = useState(false);
  const [confirm, confirmDialog] = useConfirm();

  const load = useCallback(async () => {
    try {
      setItems(await adapter.list());
    } catch (e) {
      setError((e as Error).message);
    }
  }, [adapter]);

  useEffect(() => {
    void load();
  }, [load]);

  // the answer is the list of (counted) entries; validation knows their completeness
  const ids = useMemo(
    () => (items ?? []).filter((i) => adapter.counts(i)).map((i) => i.id),
    [items, adapter],
  );
  const { setValue } = helpers;
  const touched = meta.touched;
  const value = meta.value;
  const { validateForm } = useFormikContext();
  const hasError = Boolean(meta.error);
  useEffect(() => {
    if (!items) return;
    stepForm?.setAnswerContext(name, {
      itemsCompleted: Object.fromEntries(items.map((i) => [i.id, i.isCompleted])),
    });
    if (!sameIds(value, ids)) void setValue(ids, touched);
    // an entry completed (or added) since the last check: the message shown may no longer hold
    else if (hasError) void validateForm();
  }, [items, ids, value, name, stepForm, setValue, touched, hasError, validateForm]);

  const max = config.maxEntries ?? null;
  const atMax = max !== null && ids.length >= max;
  const canAdd = !readonly && adapter.canAdd && !atMax && !busy;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: EntryItem) => {
    if (!(await confirm(deleteWarning))) return;
    await run(() => adapter.remove(item.id));
  };

  const shownError = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  const labelId = `${name}-label`;

  return (
    <FormControl fullWidth error={Boolean(shownError)} component="fieldset">
      <FormLabel id={labelId} component="legend">
        {field.question.question}
      </FormLabel>
      {items === null && !error ? (
        <Typography variant="body2" color="text.secondary">
          {t('app.loading')}
        </Typography>
      ) : null}
      <List dense aria-labelledby={labelId}>
        {(items ?? []).map((item) => {
          const changeable = !readonly && adapter.canChange(item) && !busy;
          return (
            <ListItem
              key={item.id}
              disablePadding
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  <Tooltip title={t('questionary.entries.clone')}>
                    <span>
                      <IconButton
                        aria-label={`${t('questionary.entries.clone')} ${item.title}`}
                        disabled={!canAdd}
                        onClick={() => void run(() => adapter.clone(item))}
                      >
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('questionary.entries.delete')}>
                    <span>
                      <IconButton
                        aria-label={`${t('questionary.entries.delete')} ${item.title}`}
                        disabled={!changeable}
                        onClick={() => void remove(item)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              }
            >
              <ListItemButton onClick={() => setOpen(item)} sx={{ pr: 12 }}>
                <ListItemText
                  primary={item.title}
                  secondary={
                    <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
                      <Chip
                        size="small"
                        component="span"
                        color={item.isCompleted ? 'success' : 'error'}
                        label={
                          item.isCompleted
                            ? t('questionary.entries.completed')
                            : t('questionary.entries.incomplete')
                        }
                      />
                      {item.isPostProposalSubmission ? (
                        <Chip size="small" component="span" label={t('questionary.entries.postSubmission')} />
                      ) : null}
                    </Box>
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => setOpen('new')} disabled={!canAdd}>
          {config.addEntryButtonLabel || t('questionary.entries.add')}
        </Button>
        {renderCopyDialog && config.canCopy ? (
          <Button variant="outlined" onClick={() => setCopying(true)} disabled={!canAdd}>
            {config.copyButtonLabel || t('questionary.entries.copy')}
          </Button>
        ) : null}
      </Stack>
      {shownError ? <FormHelperText>{shownError}</FormHelperText> : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {open !== null ? (
        <ItemDialog
          item={open === 'new' ? null : open}
          questionLabel={field.question.question}
          owner={owner}
          readonly={open === 'new' ? !canAdd : readonly || !adapter.canChange(open)}
          adapter={adapter}
          onChanged={() => void load()}
          onClose={() => {
            setOpen(null);
            void load();
          }}
        />
      ) : null}
      {renderCopyDialog
        ? renderCopyDialog({
            open: copying,
            remaining: max === null ? null : Math.max(max - ids.length, 0),
            onClose: (copied) => {
              setCopying(false);
              if (copied) void load();
            },
          })
        : null}
      {confirmDialog}
    </FormControl>
  );
}
