import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ProposalsAcceptInviteDocument } from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';

/** "Join proposal" (EMAIL_INVITE): the invitation code → acceptInvite → "Code verification successful". */
export function JoinProposalDialog({
  open,
  onClose,
  onJoined,
}: {
  open: boolean;
  onClose(): void;
  onJoined(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setCode('');
    setTouched(false);
    setError(null);
    onClose();
  };

  const submit = async () => {
    setTouched(true);
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await request(ProposalsAcceptInviteDocument, { code: code.trim() });
      setCode('');
      setTouched(false);
      onJoined();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const missing = touched && !code.trim();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('proposals.join.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('proposals.join.text')}</DialogContentText>
          <TextField
            id={`${id}-code`}
            label={t('proposals.join.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onBlur={() => setTouched(true)}
            error={missing}
            helperText={missing ? t('proposals.join.codeRequired') : undefined}
            fullWidth
            autoFocus
            required
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('confirm.no')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('proposals.join.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
