import { useEffect, useState } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { richTextPlainText } from '@user-office/contracts';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { useRowCommand } from '../../../components/use-row-command';
import type { ScientistComment, TechniqueProposalRow } from '../technique-proposals.operations';

/**
 * The per-row comment panel of the technique proposals table (§2, §6): the proposal scientist comment, read with
 * proposalScientistComment and written with create / update / delete; "Comment is required" (§5) before sending.
 */
export function ScientistCommentPanel() {
  const { t } = useTranslation();
  const record = useRecordContext<TechniqueProposalRow>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { date } = useDateFormat();
  const { confirmThenRun, confirmDialog } = useRowCommand();
  const [comment, setComment] = useState<ScientistComment | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pk = record?.primaryKey;

  useEffect(() => {
    if (pk === undefined) return;
    let live = true;
    dataProvider
      .proposalScientistComment(pk)
      .then((c) => {
        if (!live) return;
        setComment(c);
        setText(c ? richTextPlainText(c.comment) : '');
      })
      .catch((e: Error) => notify(e.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [pk, dataProvider, notify]);

  if (pk === undefined) return null;
  const id = `scientist-comment-${pk}`;

  const save = async () => {
    if (text.trim() === '') {
      setError(t('console.techniqueProposals.comment.required'));
      return;
    }
    setBusy(true);
    try {
      const saved = await dataProvider.saveProposalScientistComment(pk, comment?.commentId ?? null, text);
      notify(
        t(
          comment
            ? 'console.techniqueProposals.comment.updated'
            : 'console.techniqueProposals.comment.created',
        ),
        { type: 'success' },
      );
      setComment(saved);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = () =>
    comment
      ? confirmThenRun(
          t('console.techniqueProposals.comment.deleteConfirm'),
          async () => {
            await dataProvider.deleteProposalScientistComment(comment.commentId);
            setComment(null);
            setText('');
          },
          t('console.techniqueProposals.comment.deleted'),
        )
      : Promise.resolve();

  return (
    <Box sx={{ p: 2 }}>
      <TextField
        id={id}
        label={t('console.techniqueProposals.comment.label')}
        multiline
        minRows={2}
        maxRows={16}
        fullWidth
        value={text}
        error={error !== null}
        helperText={
          error ??
          (comment
            ? t('console.techniqueProposals.comment.lastModified', {
                date: date(String(comment.dateModified)),
              })
            : ' ')
        }
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" size="small" disabled={busy} onClick={() => void save()}>
          {t('console.techniqueProposals.comment.save')}
        </Button>
        {comment ? (
          <Button color="error" size="small" disabled={busy} onClick={() => void remove()}>
            {t('console.techniqueProposals.comment.delete')}
          </Button>
        ) : null}
      </Stack>
      {confirmDialog}
    </Box>
  );
}
