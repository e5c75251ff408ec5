import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import Clear from '@mui/icons-material/Clear';
import { ProposalEndStatus, validationLimits } from '@user-office/contracts';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';

export interface MeetingDecisionValues {
  /** the FAP time allocation as typed ('' for none: the technical review's time counts) */
  fapTimeAllocation: string;
  recommendation: string;
  commentForUser: string;
  commentForManagement: string;
  submitted: boolean;
}

/**
 * A proposal's meeting decision for one instrument (§3 Fap meeting decision) and its FAP time allocation (0–100000,
 * blank: the technical review's time counts): recommendation (required), comment
 * for the user, comment for management (each clearable, at most 6000 characters), submitted. `save` is
 * saveFapMeetingDecision.
 */
export function MeetingDecisionDialog({
  open,
  proposalId,
  initial,
  readonly,
  unit,
  save,
  onClose,
}: {
  open: boolean;
  proposalId: string;
  /** the call's allocation time unit */
  unit?: string;
  initial: MeetingDecisionValues;
  readonly?: boolean;
  save(values: MeetingDecisionValues): Promise<void>;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const [values, setValues] = useState<MeetingDecisionValues>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (open) {
      setValues(JSON.parse(initialKey) as MeetingDecisionValues);
      setError(null);
    }
  }, [open, initialKey]);

  const tooLong = (text: string) => text.length > validationLimits.commentMax;
  const time = values.fapTimeAllocation.trim();
  const timeError =
    time !== '' &&
    (Number.isNaN(Number(time)) ||
      Number(time) < validationLimits.timeAllocationMin ||
      Number(time) > validationLimits.timeAllocationMax);
  const submit = async () => {
    if (timeError) return;
    if (values.recommendation === '') {
      setError(t('console.faps.meeting.recommendationRequired'));
      return;
    }
    if (tooLong(values.commentForUser) || tooLong(values.commentForManagement)) return;
    setBusy(true);
    try {
      await save(values);
      notify(t('console.faps.meeting.decisionSaved'), { type: 'success' });
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const comment = (name: 'commentForUser' | 'commentForManagement') => {
    const label = t(`console.faps.meeting.${name}`);
    const value = values[name];
    return (
      <TextField
        label={label}
        multiline
        minRows={2}
        maxRows={12}
        value={value}
        disabled={readonly}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        error={tooLong(value)}
        helperText={`${value.length}/${validationLimits.commentMax}`}
        slotProps={{
          input: {
            endAdornment:
              readonly || value === '' ? undefined : (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={`${t('console.faps.meeting.clear')} ${label}`}
                    onClick={() => setValues((v) => ({ ...v, [name]: '' }))}
                  >
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
          },
        }}
      />
    );
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
        {t('console.faps.meeting.decisionTitle', { id: proposalId })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <FormControl fullWidth required error={error !== null} disabled={readonly}>
            <InputLabel id={`${id}-recommendation`}>{t('console.faps.meeting.recommendation')}</InputLabel>
            <Select
              labelId={`${id}-recommendation`}
              label={t('console.faps.meeting.recommendation')}
              value={values.recommendation}
              onChange={(e) => {
                setValues((v) => ({ ...v, recommendation: String(e.target.value) }));
                setError(null);
              }}
            >
              {Object.values(ProposalEndStatus).map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`console.review.finalStatuses.${s}`)}
                </MenuItem>
              ))}
            </Select>
            {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
          </FormControl>
          <TextField
            type="number"
            label={
              unit
                ? t('console.faps.meeting.fapTimeAllocationUnit', { unit })
                : t('console.faps.meeting.fapTimeAllocation')
            }
            value={values.fapTimeAllocation}
            disabled={readonly}
            onChange={(e) => setValues((v) => ({ ...v, fapTimeAllocation: e.target.value }))}
            error={timeError}
            helperText={timeError ? t('console.faps.meeting.fapTimeRange') : undefined}
            slotProps={{
              htmlInput: { min: validationLimits.timeAllocationMin, max: validationLimits.timeAllocationMax },
            }}
          />
          {comment('commentForUser')}
          {comment('commentForManagement')}
          <FormControlLabel
            control={
              <Checkbox
                checked={values.submitted}
                disabled={readonly}
                onChange={(e) => setValues((v) => ({ ...v, submitted: e.target.checked }))}
              />
            }
            label={t('console.faps.meeting.decisionSubmitted')}
          />
          {readonly ? <Alert severity="info">{t('console.faps.meeting.decisionSubmitted')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.common.cancel')}</Button>
        {readonly ? null : (
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            {t('console.common.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
