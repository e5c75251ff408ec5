import { useEffect, useId, useState } from 'react';
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
  ListItemText,
  MenuItem,
  Select,
  TextField,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { fapCommands, personName, type ReviewerConflicts } from '../fap-commands';

/**
 * Add a reviewer to one proposal (addUserForReview): the panel's members with the conflicts of interest the server
 * flags, each with its reason. A hard conflict (PI, co-proposer) cannot be picked; a soft one (institution,
 * co-authorship) needs an override reason typed by the chair, which the server records.
 */
export function AddReviewerDialog({
  open,
  fapId,
  proposalPk,
  proposalId,
  assigned,
  onClose,
}: {
  open: boolean;
  fapId: number;
  proposalPk: number;
  proposalId: string;
  /** the members already reviewing it */
  assigned: readonly number[];
  onClose(added: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const [members, setMembers] = useState<ReviewerConflicts[] | null>(null);
  const [picked, setPicked] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setPicked('');
    setReason('');
    setError(null);
    fapCommands
      .conflicts(fapId, proposalPk)
      .then((found) => live && setMembers(found))
      .catch((e: Error) => {
        if (!live) return;
        setMembers([]);
        setError(e.message);
      });
    return () => {
      live = false;
    };
  }, [open, fapId, proposalPk]);

  const options = (members ?? []).filter((m) => !assigned.includes(m.userId));
  const chosen = options.find((m) => m.userId === picked);
  const soft = chosen ? chosen.conflicts.filter((c) => !c.hard) : [];

  const submit = async () => {
    if (picked === '') {
      setError(t('console.faps.proposals.reviewerRequired'));
      return;
    }
    if (soft.length > 0 && reason.trim() === '') {
      setError(t('console.faps.proposals.overrideRequired'));
      return;
    }
    setBusy(true);
    try {
      await fapCommands.addReviewer(fapId, proposalPk, picked, soft.length > 0 ? reason.trim() : null);
      notify(t('console.faps.proposals.reviewerAdded'), { type: 'success' });
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
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>
        {t('console.faps.proposals.pickReviewerTitle', { id: proposalId })}
      </DialogTitle>
      <DialogContent>
        {members !== null && options.length === 0 ? (
          <Alert severity="info">{t('console.faps.proposals.noMembers')}</Alert>
        ) : (
          <FormControl fullWidth margin="dense" required>
            <InputLabel id={`${id}-label`}>{t('console.faps.proposals.pickReviewer')}</InputLabel>
            <Select
              labelId={`${id}-label`}
              label={t('console.faps.proposals.pickReviewer')}
              value={picked}
              renderValue={(value) => personName(options.find((m) => m.userId === value)?.user)}
              onChange={(e) => {
                const value = e.target.value as number | string;
                setPicked(value === '' ? '' : Number(value));
                setError(null);
              }}
            >
              {options.map((m) => {
                const hard = m.conflicts.find((c) => c.hard);
                return (
                  <MenuItem key={m.userId} value={m.userId} disabled={Boolean(hard)}>
                    <ListItemText
                      primary={personName(m.user)}
                      secondary={
                        hard
                          ? t('console.faps.proposals.hardConflict', { reason: hard.reason })
                          : m.conflicts.length > 0
                            ? t('console.faps.proposals.conflict', {
                                reason: m.conflicts.map((c) => c.reason).join('; '),
                              })
                            : undefined
                      }
                    />
                  </MenuItem>
                );
              })}
            </Select>
          </FormControl>
        )}
        {soft.length > 0 ? (
          <>
            <Alert severity="warning" sx={{ my: 1 }}>
              {t('console.faps.proposals.conflict', { reason: soft.map((c) => c.reason).join('; ') })}
            </Alert>
            <TextField
              fullWidth
              required
              label={t('console.faps.proposals.overrideReason')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
          </>
        ) : null}
        {error ? (
          <FormHelperText error role="alert">
            {error}
          </FormHelperText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {t('console.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
