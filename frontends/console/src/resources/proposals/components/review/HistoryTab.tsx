import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useTranslation } from 'react-i18next';
import {
  ConsoleProposalAsOfDocument,
  ConsoleProposalChangesDocument,
  type ConsoleProposalAsOfQuery,
  type ConsoleProposalChangesQuery,
} from '../../../../gql/graphql';
import type { ProposalRecord } from '../../proposals.operations';

type AsOf = ConsoleProposalAsOfQuery['proposalAsOf'];
type Change = ConsoleProposalChangesQuery['proposalChanges'][number];

/** `datetime-local` value (the browser's time zone) ↔ ISO instant */
const toLocalInput = (d: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const toIso = (local: string): string | null => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
/** a value, readable: text as is, a list joined, an object (the basis' title and abstract) as `key: value` lines */
const readable = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(String).join(', ');
  if (typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('\n');
  return JSON.stringify(value);
};
/** a field's JSON value, readable */
const shown = (json: string | null | undefined): string =>
  json === null || json === undefined ? '—' : readable(JSON.parse(json));

/**
 * A field's name: an answer is named by its question's text (as the template catalogue has it today), with the
 * field's key beneath it (`answer.<questionId>`, `sample.<id>.answer.<questionId>`…); other fields by their key.
 */
function FieldName({ name, question }: { name: string; question: string | null | undefined }) {
  if (!question) return <>{name}</>;
  return (
    <>
      {question}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {name}
      </Typography>
    </>
  );
}

/** The proposal's answers at one instant, read-only, laid out as its questionary's steps (today's texts). */
function QuestionaryAsOf({ view }: { view: AsOf }) {
  const { t } = useTranslation();
  if (!view.existed)
    return <Typography color="text.secondary">{t('console.review.history.notYet')}</Typography>;
  return (
    <Stack spacing={2} aria-label={t('console.review.history.questionary')} role="region">
      {view.questionary.map((step, i) => (
        <div key={step.title ?? `unplaced-${i}`}>
          <Typography component="h4" variant="subtitle2" gutterBottom>
            {step.title ?? t('console.review.history.unplaced')}
          </Typography>
          <Table size="small">
            <TableBody>
              {step.answers.map((a) => (
                <TableRow key={a.questionId}>
                  <TableCell sx={{ width: '40%', verticalAlign: 'top' }}>{a.question}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-line' }}>
                    {a.answered ? (
                      shown(a.value)
                    ) : (
                      <Typography component="span" color="text.secondary">
                        {t('console.review.history.notAnswered')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ))}
    </Stack>
  );
}

/**
 * History (issue 32, officers): the proposal as it stood at an instant ("as the panel saw it"), read-only and
 * folded from its events by the api, beside it as it stood at a second instant, and the changes between the two
 * (who, when, which field, before → after), downloadable as CSV for an audit file.
 */
export function HistoryTab({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { download } = useDownloads();
  const [from, setFrom] = useState(() => toLocalInput(new Date(Date.now() - 7 * 24 * 3600 * 1000)));
  const [at, setAt] = useState(() => toLocalInput(new Date(Date.now() + 60_000)));
  const [views, setViews] = useState<{ from: AsOf; at: AsOf; changes: Change[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** whose questionary is shown: the "As of" instant's (default) or the "Compare from" one's */
  const [shownAt, setShownAt] = useState<'from' | 'at'>('at');
  const fromIso = toIso(from);
  const atIso = toIso(at);

  useEffect(() => {
    if (!fromIso || !atIso) return;
    let live = true;
    const pk = proposal.primaryKey;
    Promise.all([
      request(ConsoleProposalAsOfDocument, { proposalPk: pk, at: fromIso }),
      request(ConsoleProposalAsOfDocument, { proposalPk: pk, at: atIso }),
      atIso >= fromIso
        ? request(ConsoleProposalChangesDocument, { proposalPk: pk, from: fromIso, to: atIso })
        : Promise.resolve({ proposalChanges: [] }),
    ])
      .then(([a, b, c]) => {
        if (!live) return;
        setError(null);
        setViews({ from: a.proposalAsOf, at: b.proposalAsOf, changes: c.proposalChanges });
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [proposal.primaryKey, fromIso, atIso]);

  const names = views
    ? [...new Set([...views.from.fields.map((f) => f.name), ...views.at.fields.map((f) => f.name)])]
    : [];
  const valueIn = (view: AsOf, name: string) => view.fields.find((f) => f.name === name)?.value;
  const questionOf = (name: string) =>
    views?.at.fields.find((f) => f.name === name)?.question ??
    views?.from.fields.find((f) => f.name === name)?.question;

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          type="datetime-local"
          label={t('console.review.history.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
        <TextField
          type="datetime-local"
          label={t('console.review.history.at')}
          value={at}
          onChange={(e) => setAt(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
        <Button
          startIcon={<Download />}
          disabled={!fromIso || !atIso}
          onClick={() =>
            void download(
              `/download/csv/proposal-changes/${proposal.primaryKey}?from=${encodeURIComponent(fromIso ?? '')}&to=${encodeURIComponent(atIso ?? '')}`,
              t('console.review.history.csv'),
            )
          }
        >
          {t('console.review.history.csv')}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {views ? (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography component="h3" variant="subtitle1" gutterBottom>
              {t('console.review.history.sideBySide')}
            </Typography>
            {!views.at.existed ? (
              <Typography color="text.secondary">{t('console.review.history.notYet')}</Typography>
            ) : (
              <Table size="small" aria-label={t('console.review.history.sideBySide')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('console.review.history.field')}</TableCell>
                    <TableCell>
                      {t('console.review.history.asOf', { date: dates.dateTime(views.from.at) })}
                    </TableCell>
                    <TableCell>
                      {t('console.review.history.asOf', { date: dates.dateTime(views.at.at) })}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {names.map((name) => {
                    const before = valueIn(views.from, name);
                    const after = valueIn(views.at, name);
                    return (
                      <TableRow key={name} selected={before !== after}>
                        <TableCell>
                          <FieldName name={name} question={questionOf(name)} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'pre-line' }}>{shown(before)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'pre-line' }}>{shown(after)}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
            >
              <Typography component="h3" variant="subtitle1">
                {t('console.review.history.questionary')}
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={shownAt}
                onChange={(_, value: 'from' | 'at' | null) => value && setShownAt(value)}
                aria-label={t('console.review.history.questionary')}
              >
                <ToggleButton value="from">{t('console.review.history.from')}</ToggleButton>
                <ToggleButton value="at">{t('console.review.history.at')}</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t('console.review.history.asOf', { date: dates.dateTime(views[shownAt].at) })} ·{' '}
              {t('console.review.history.questionaryNote')}
            </Typography>
            <QuestionaryAsOf view={views[shownAt]} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography component="h3" variant="subtitle1" gutterBottom>
              {t('console.review.history.changes')}
            </Typography>
            {views.changes.length === 0 ? (
              <Typography color="text.secondary">{t('console.review.history.noChanges')}</Typography>
            ) : (
              <Table size="small" aria-label={t('console.review.history.changes')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('console.review.logs.changedOn')}</TableCell>
                    <TableCell>{t('console.review.logs.changedBy')}</TableCell>
                    <TableCell>{t('console.review.history.field')}</TableCell>
                    <TableCell>{t('console.review.history.before')}</TableCell>
                    <TableCell>{t('console.review.history.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {views.changes.map((c) => (
                    <TableRow key={`${c.position}-${c.field}`}>
                      <TableCell>{dates.dateTime(c.at)}</TableCell>
                      <TableCell>
                        {c.impersonatedBy
                          ? t('console.eventLogs.impersonated', {
                              user: c.changedBy,
                              officer: c.impersonatedBy,
                            })
                          : c.changedBy}
                      </TableCell>
                      <TableCell>
                        <FieldName name={c.field} question={c.question} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-line' }}>{shown(c.before)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-line' }}>{shown(c.after)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
