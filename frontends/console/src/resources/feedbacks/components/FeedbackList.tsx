import { useEffect, useState } from 'react';
import {
  Alert,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import RateReview from '@mui/icons-material/RateReview';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { useCallOptions, useInstrumentOptions } from '../../experiments/components/use-experiment-choices';
import {
  authorName,
  FEEDBACK_STATUSES,
  feedbackCommands,
  feedbackFilterOf,
  feedbackParamsOf,
  type FeedbackFilter,
  type FeedbackRow,
} from '../feedback-commands';

/** One select of the filter bar ("" = all). */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { id: string | number; name: string }[];
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      sx={{ width: 240 }}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{t('console.feedbacks.filter.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The users' feedback on completed experiments (`/console/Feedbacks`, officers, VISIT_MANAGEMENT): newest first,
 * filtered by call, instrument and status (kept in the address); each row opens the read page with its answers.
 */
export function FeedbackList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = feedbackFilterOf(searchParams);
  const calls = useCallOptions().options;
  const instruments = useInstrumentOptions().options;
  const [rows, setRows] = useState<FeedbackRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setRows(null);
    setError(null);
    feedbackCommands
      .list({ call: filter.call, instrument: filter.instrument, status: filter.status })
      .then((found) => live && setRows(found))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [filter.call, filter.instrument, filter.status]);

  const setFilter = (next: Partial<FeedbackFilter>) =>
    setSearchParams((current) => feedbackParamsOf(current, { ...filter, ...next }));
  const idOf = (value: string) => (value ? Number(value) : undefined);
  const column = (name: string) => t(`console.feedbacks.columns.${name}`);

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={t('console.feedbacks.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.feedbacks.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <FilterSelect
          label={t('console.feedbacks.filter.call')}
          value={filter.call === undefined ? '' : String(filter.call)}
          options={calls}
          onChange={(v) => setFilter({ call: idOf(v) })}
        />
        <FilterSelect
          label={t('console.feedbacks.filter.instrument')}
          value={filter.instrument === undefined ? '' : String(filter.instrument)}
          options={instruments}
          onChange={(v) => setFilter({ instrument: idOf(v) })}
        />
        <FilterSelect
          label={t('console.feedbacks.filter.status')}
          value={filter.status ?? ''}
          options={FEEDBACK_STATUSES.map((s) => ({ id: s, name: t(`console.feedbacks.statuses.${s}`) }))}
          onChange={(v) => setFilter({ status: (v || undefined) as FeedbackFilter['status'] })}
        />
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!rows && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {rows && rows.length === 0 ? (
        <Typography color="text.secondary">{t('console.feedbacks.none')}</Typography>
      ) : null}
      {rows && rows.length > 0 ? (
        <Table size="small" aria-label={t('console.feedbacks.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.common.actions')}</TableCell>
              <TableCell>{column('experimentId')}</TableCell>
              <TableCell>{column('proposalId')}</TableCell>
              <TableCell>{column('proposalTitle')}</TableCell>
              <TableCell>{column('instrument')}</TableCell>
              <TableCell>{column('endsAt')}</TableCell>
              <TableCell>{column('author')}</TableCell>
              <TableCell>{column('status')}</TableCell>
              <TableCell>{column('submittedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const experimentId = row.experiment?.experimentId ?? String(row.experimentPk);
              return (
                <TableRow key={row.id} hover data-testid={`feedback-row-${row.id}`}>
                  <TableCell>
                    <ActionIconButton
                      label={t('console.feedbacks.openLabel', { name: authorName(row), id: experimentId })}
                      icon={<RateReview fontSize="small" />}
                      // the page's "Back to the list" returns to this filter
                      onClick={() =>
                        void navigate(`/Feedbacks/${row.id}`, { state: { list: searchParams.toString() } })
                      }
                    />
                  </TableCell>
                  <TableCell>{experimentId}</TableCell>
                  <TableCell>{row.experiment?.proposal?.proposalId}</TableCell>
                  <TableCell>{row.experiment?.proposal?.title}</TableCell>
                  <TableCell>{row.experiment?.instrument?.name}</TableCell>
                  <TableCell>{dates.dateTime(row.experiment?.endsAt)}</TableCell>
                  <TableCell>{authorName(row)}</TableCell>
                  <TableCell>{t(`console.feedbacks.statuses.${row.status}`)}</TableCell>
                  <TableCell>{row.submittedAt ? dates.dateTime(row.submittedAt) : ''}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
    </Paper>
  );
}
