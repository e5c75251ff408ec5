import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { ExperimentSafetyDecision, SafetyStatus } from '../../../gql/graphql';
import { COMMENT_MAX, RISK_LEVELS, SAFETY_DECISIONS } from '../safety-review-rules';

/** What the last command of the page answered: the server's message on a refusal (shown where it was sent). */
export interface CommandOutcome {
  command: string;
  severity: 'success' | 'error';
  message: string;
  /** one more for each command sent (the browser steps tell a new answer from the last one) */
  seq: number;
}

/**
 * The answer of a command, beside its button: "Saved", or the server's refusal with a way to reload the page
 * (a stale version is refused until the page shows the current one). The browser steps wait for it.
 */
export function OutcomeAlert({ outcome, onReload }: { outcome: CommandOutcome; onReload(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={outcome.severity}
      role={outcome.severity === 'error' ? 'alert' : 'status'}
      data-testid="safety-outcome"
      data-outcome={outcome.severity}
      data-command={outcome.command}
      data-seq={outcome.seq}
      action={
        outcome.severity === 'error' ? (
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onReload}>
            {t('console.safetyReview.page.reload')}
          </Button>
        ) : undefined
      }
    >
      {outcome.message}
    </Alert>
  );
}

/** A titled part of the review page. */
export function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = `safety-section-${testId ?? title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id} data-testid={testId}>
      <Typography id={id} component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function CommentField({
  label,
  value,
  disabled,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange(value: string): void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      disabled={disabled}
      required={required}
      multiline
      minRows={2}
      maxRows={16}
      fullWidth
      onChange={(e) => onChange(e.target.value)}
      helperText={t('console.safetyReview.commentCounter', { count: value.length, max: COMMENT_MAX })}
      slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
    />
  );
}

/**
 * One reviewer's decision (ACCEPTED / REJECTED / UNSET with a comment): the current one, and the form, active
 * for those who may send it (who decides is the server's: its refusal is shown).
 */
export function DecisionPanel({
  kind,
  decision,
  comment,
  enabled,
  busy,
  outcome,
  onSubmit,
  onReload,
}: {
  kind: 'scientist' | 'reviewer';
  decision: ExperimentSafetyDecision;
  comment: string | null;
  enabled: boolean;
  busy: boolean;
  outcome: CommandOutcome | null;
  onSubmit(decision: ExperimentSafetyDecision, comment: string): void;
  onReload(): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<ExperimentSafetyDecision>(decision);
  const [text, setText] = useState(comment ?? '');
  const label = t(`console.safetyReview.${kind}.decision`);
  return (
    <Section title={t(`console.safetyReview.${kind}.title`)} testId={`${kind}-decision`}>
      <Stack spacing={2}>
        <Typography data-testid={`${kind}-current-decision`}>
          {t('console.safetyReview.current', {
            decision: t(`console.safetyReview.decisions.${decision}`),
          })}
          {comment ? ` — ${comment}` : ''}
        </Typography>
        {enabled ? (
          <>
            <FormControl disabled={busy}>
              <FormLabel id={`${kind}-decision-label`}>{label}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${kind}-decision-label`}
                value={value}
                onChange={(e) => setValue(e.target.value as ExperimentSafetyDecision)}
              >
                {SAFETY_DECISIONS.map((d) => (
                  <FormControlLabel
                    key={d}
                    value={d}
                    control={<Radio />}
                    label={t(`console.safetyReview.decisions.${d}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <CommentField
              label={t(`console.safetyReview.${kind}.comment`)}
              value={text}
              disabled={busy}
              onChange={setText}
            />
            <div>
              <Button variant="contained" disabled={busy} onClick={() => onSubmit(value, text)}>
                {t(`console.safetyReview.${kind}.submit`)}
              </Button>
            </div>
          </>
        ) : (
          // shown, not offered: a disabled form would be unreadable (and its refusal is the server's anyway)
          <Typography color="text.secondary">
            {t('console.safetyReview.notYours', { who: t(`console.safetyReview.who.${kind}`) })}
          </Typography>
        )}
        {outcome ? <OutcomeAlert outcome={outcome} onReload={onReload} /> : null}
      </Stack>
    </Section>
  );
}

/** A risk level select with its Save button (the experiment's, or a sample's with its comment). */
export function RiskLevelForm({
  label,
  value,
  enabled,
  busy,
  saveLabel,
  comment,
  onSave,
}: {
  label: string;
  value: SafetyStatus;
  enabled: boolean;
  busy: boolean;
  saveLabel: string;
  /** a sample's safety comment (its label), saved with the level */
  comment?: { label: string; value: string };
  onSave(level: SafetyStatus, comment: string): void;
}) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<SafetyStatus>(value);
  const [text, setText] = useState(comment?.value ?? '');
  if (!enabled)
    return (
      <Typography>
        {label}: <strong>{t(`console.safetyReview.riskLevels.${value}`)}</strong>
        {comment?.value ? ` — ${comment.value}` : ''}
      </Typography>
    );
  const disabled = busy;
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        sx={{ maxWidth: 320 }}
        label={label}
        value={level}
        disabled={disabled}
        onChange={(e) => setLevel(e.target.value as SafetyStatus)}
      >
        {RISK_LEVELS.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`console.safetyReview.riskLevels.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      {comment ? (
        <CommentField label={comment.label} value={text} disabled={disabled} onChange={setText} />
      ) : null}
      <div>
        <Button variant="outlined" disabled={disabled} onClick={() => onSave(level, text)}>
          {saveLabel}
        </Button>
      </div>
    </Stack>
  );
}

/** "Request changes": reopens the ESI to the applicant with a question (e-mailed to them). */
export function RequestChangesPanel({
  lastComment,
  busy,
  outcome,
  onSubmit,
  onReload,
}: {
  lastComment: string | null;
  busy: boolean;
  outcome: CommandOutcome | null;
  onSubmit(comment: string): void;
  onReload(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Section title={t('console.safetyReview.changes.title')} testId="request-changes">
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('console.safetyReview.changes.hint')}</Typography>
        {lastComment ? (
          <Typography>{t('console.safetyReview.page.changesRequested', { comment: lastComment })}</Typography>
        ) : null}
        <CommentField
          label={t('console.safetyReview.changes.comment')}
          value={text}
          disabled={busy}
          required
          onChange={setText}
        />
        <div>
          <Button variant="outlined" disabled={busy} onClick={() => onSubmit(text)}>
            {t('console.safetyReview.changes.submit')}
          </Button>
        </div>
        {outcome ? <OutcomeAlert outcome={outcome} onReload={onReload} /> : null}
      </Stack>
    </Section>
  );
}
