import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { createProposalScientistCommentSchema, validationLimits } from '@user-office/contracts';
import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { reviewCommands, type ScientistComment } from './review-commands';
import { plainText } from './technical-review-access';

/**
 * The proposal scientist comment (§3, §6): one per proposal, for officers and instrument scientists, hidden from
 * the proposers; create, update ("Comment is required") and delete.
 */
export function ScientistCommentPanel({ proposalPk }: { proposalPk: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [comment, setComment] = useState<ScientistComment | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let current = true;
    reviewCommands
      .scientistComment(proposalPk)
      .then((found) => {
        if (!current) return;
        setComment(found);
        setText(plainText(found?.comment));
      })
      .catch((e: Error) => current && setLoadError(e.message));
    return () => {
      current = false;
    };
  }, [proposalPk]);

  const save = async () => {
    try {
      createProposalScientistCommentSchema.validateSync({ proposalPk, comment: text });
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const saved = comment
        ? await reviewCommands.updateScientistComment(comment.commentId, text)
        : await reviewCommands.createScientistComment(proposalPk, text);
      setComment(saved);
      notify(t(comment ? 'console.scientistComment.updated' : 'console.scientistComment.created'), {
        type: 'success',
      });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setDeleting(false);
    if (!comment) return;
    setBusy(true);
    try {
      await reviewCommands.deleteScientistComment(comment.commentId);
      setComment(null);
      setText('');
      notify(t('console.scientistComment.deleted'), { type: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="scientist-comment-title" sx={{ maxWidth: 720 }}>
      <Typography id="scientist-comment-title" variant="h6" component="h3" gutterBottom>
        {t('console.scientistComment.title')}
      </Typography>
      {loadError ? <Alert severity="error">{loadError}</Alert> : null}
      <TextField
        fullWidth
        multiline
        minRows={2}
        maxRows={16}
        name="scientistComment"
        label={t('console.scientistComment.comment')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? `${text.length}/${validationLimits.commentMax}`}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        {comment ? (
          <Button color="error" disabled={busy} onClick={() => setDeleting(true)}>
            {t('console.common.delete')}
          </Button>
        ) : null}
        <Button variant="outlined" disabled={busy} onClick={() => void save()}>
          {t('console.scientistComment.save')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={deleting}
        text={t('console.scientistComment.confirmDelete')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove()}
      />
    </Box>
  );
}
