import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
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
import { proposalMessages } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import {
  ProposalsCallsMinimalDocument,
  ProposalsCloneDocument,
  type ProposalsCallsMinimalQuery,
} from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';

type CallOption = ProposalsCallsMinimalQuery['getCallsMinimal'][number];

/** §5 "Clone to call": only calls that are active or internally active and not ended are offered. */
async function cloneTargets(isInternalUser: boolean): Promise<CallOption[]> {
  const [active, internal] = await Promise.all([
    request(ProposalsCallsMinimalDocument, { filter: { isActive: true } }),
    isInternalUser
      ? request(ProposalsCallsMinimalDocument, { filter: { isActiveInternal: true } })
      : Promise.resolve({ getCallsMinimal: [] as CallOption[] }),
  ]);
  const byId = new Map<number, CallOption>();
  for (const c of [...active.getCallsMinimal, ...internal.getCallsMinimal])
    if (!c.callEnded || c.isActiveInternal) byId.set(c.id, c);
  return [...byId.values()];
}

/** "Clone proposal to call": choose an open call, cloneProposals, then "Proposal cloned successfully". */
export function CloneProposalDialog({
  proposalPk,
  isInternalUser,
  onClose,
  onCloned,
}: {
  proposalPk: number | null;
  isInternalUser: boolean;
  onClose(): void;
  onCloned(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [calls, setCalls] = useState<CallOption[] | null>(null);
  const [callId, setCallId] = useState<number | ''>('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = proposalPk !== null;

  useEffect(() => {
    if (!open) return;
    setCalls(null);
    setCallId('');
    setTouched(false);
    setError(null);
    cloneTargets(isInternalUser)
      .then(setCalls)
      .catch((e: Error) => {
        setCalls([]);
        setError(e.message);
      });
  }, [open, isInternalUser]);

  const submit = async () => {
    setTouched(true);
    if (callId === '' || proposalPk === null) return;
    setBusy(true);
    setError(null);
    try {
      await request(ProposalsCloneDocument, { callId, proposalsToClonePk: [proposalPk] });
      onCloned();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const missing = touched && callId === '';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{t('proposals.clone.title')}</DialogTitle>
      <DialogContent>
        {calls === null ? (
          <CircularProgress aria-label={t('app.loading')} />
        ) : calls.length === 0 && !error ? (
          <Alert severity="info">{t('proposals.clone.noCalls')}</Alert>
        ) : (
          <FormControl fullWidth error={missing} sx={{ mt: 1 }}>
            <InputLabel id={`${id}-call-label`}>{t('proposals.clone.call')}</InputLabel>
            <Select
              labelId={`${id}-call-label`}
              id={`${id}-call`}
              label={t('proposals.clone.call')}
              value={callId === '' ? '' : String(callId)}
              onChange={(e) => setCallId(e.target.value === '' ? '' : Number(e.target.value))}
              onBlur={() => setTouched(true)}
            >
              {calls.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.title ? `${c.shortCode} – ${c.title}` : c.shortCode}
                </MenuItem>
              ))}
            </Select>
            {missing ? <FormHelperText>{proposalMessages.activeCallRequired}</FormHelperText> : null}
          </FormControl>
        )}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('confirm.no')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !calls?.length}>
          {t('proposals.clone.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
