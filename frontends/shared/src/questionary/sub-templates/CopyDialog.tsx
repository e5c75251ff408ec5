import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  Radio,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  QuestionaryCopyGenericTemplatesDocument,
  QuestionaryGenericTemplatesOnCopyDocument,
  type QuestionaryGenericTemplatesOnCopyQuery,
} from '../../gql/graphql';
import { request } from '../../api/graphql-client';

type Source = QuestionaryGenericTemplatesOnCopyQuery['getGenericTemplatesOnCopy'][number];

export interface CopyDialogProps {
  open: boolean;
  questionLabel: string;
  questionId: string;
  templateId: number;
  proposalPk: number;
  multiple: boolean;
  onClose(copied: boolean): void;
}

/** "Copy sub template answers": the user's entries of earlier proposals with the same template, copied as new ones. */
export function CopyDialog({
  open,
  questionLabel,
  questionId,
  templateId,
  proposalPk,
  multiple,
  onClose,
}: CopyDialogProps) {
  const { t } = useTranslation();
  const [sources, setSources] = useState<Source[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setSelected([]);
    setWarning(null);
    setError(null);
    setSources(null);
    request(QuestionaryGenericTemplatesOnCopyDocument, { filter: { templateId } })
      .then((data) => setSources(data.getGenericTemplatesOnCopy.filter((s) => s.proposalPk !== proposalPk)))
      .catch((e: Error) => {
        setSources([]);
        setError(e.message);
      });
  }, [open, templateId, proposalPk]);

  const toggle = (id: number) => {
    setWarning(null);
    if (!multiple) setSelected([id]);
    else setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  };

  const copy = async () => {
    const chosen = (sources ?? []).filter((s) => selected.includes(s.id));
    if (chosen.length === 0) {
      setWarning(t('questionary.noneSelected', { question: questionLabel }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(QuestionaryCopyGenericTemplatesDocument, {
        templateId,
        proposalPk,
        questionId,
        copyAnswersInput: chosen.map((s) => ({ sourceQuestionaryId: s.questionaryId, title: s.title })),
      });
      onClose(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby="copy-dialog-title"
    >
      <DialogTitle id="copy-dialog-title">
        {t('questionary.entries.copyTitle', { question: questionLabel })}
      </DialogTitle>
      <DialogContent>
        {sources === null ? (
          <Typography variant="body2">{t('app.loading')}</Typography>
        ) : sources.length === 0 ? (
          <Typography variant="body2">{t('empty.noSubTemplates')}</Typography>
        ) : (
          <List dense>
            {sources.map((source) => {
              const Control = multiple ? Checkbox : Radio;
              return (
                <ListItem key={source.id} disablePadding>
                  <FormControlLabel
                    control={
                      <Control checked={selected.includes(source.id)} onChange={() => toggle(source.id)} />
                    }
                    label={source.title}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {warning ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {warning}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('confirm.no')}</Button>
        <Button
          variant="contained"
          onClick={() => void copy()}
          disabled={busy || !sources || sources.length === 0}
        >
          {t('questionary.entries.copy')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
