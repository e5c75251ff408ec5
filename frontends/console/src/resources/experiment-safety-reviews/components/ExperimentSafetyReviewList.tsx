import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
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
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safetyReviewCommands, type InstrumentOption, type SafetyReviewRow } from '../safety-review-commands';
import { pendingFirst, queueFilterOf, queueParamsOf, type QueueFilter } from '../safety-review-rules';

/**
 * The safety review queue (§2 `/ExperimentSafetyReview`): the submitted experiment safety inputs the caller may
 * review (safety reviewers and officers all, scientists their instruments'), those still waiting for a decision
 * first; filtered by pending/all and instrument, the filter kept in the address. Each row opens its review page.
 */
export function ExperimentSafetyReviewList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = queueFilterOf(searchParams);
  const [rows, setRows] = useState<SafetyReviewRow[] | null>(null);
  const [instruments, setInstruments] = useState<InstrumentOption[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setRows(null);
    setError(null);
    safetyReviewCommands
      .queue({ pendingOnly: filter.pendingOnly, instrumentId: filter.instrumentId })
      .then((found) => {
        if (!live) return;
        setRows(pendingFirst(found.rows));
        setInstruments(found.instruments);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [filter.pendingOnly, filter.instrumentId]);

  const setFilter = (next: Partial<QueueFilter>) => setSearchParams(queueParamsOf({ ...filter, ...next }));
  const decision = (value: string) => t(`console.safetyReview.decisions.${value}`);

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={t('console.safetyReview.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.safetyReview.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter.pendingOnly ? 'pending' : 'all'}
          onChange={(_e, next: 'pending' | 'all' | null) =>
            next && setFilter({ pendingOnly: next === 'pending' })
          }
          aria-label={t('console.safetyReview.filter.label')}
        >
          <ToggleButton value="pending">{t('console.safetyReview.filter.pending')}</ToggleButton>
          <ToggleButton value="all">{t('console.safetyReview.filter.all')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          fullWidth={false}
          sx={{ width: 280 }}
          label={t('console.safetyReview.filter.instrument')}
          value={filter.instrumentId === null ? '' : String(filter.instrumentId)}
          onChange={(e) => setFilter({ instrumentId: e.target.value ? Number(e.target.value) : null })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('console.safetyReview.filter.allInstruments')}</MenuItem>
          {instruments.map((i) => (
            <MenuItem key={i.id} value={String(i.id)}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!rows && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {rows && rows.length === 0 ? (
        <Typography color="text.secondary">{t('console.safetyReview.none')}</Typography>
      ) : null}
      {rows && rows.length > 0 ? (
        <Table size="small" aria-label={t('console.safetyReview.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.common.actions')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.experimentId')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.proposalId')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.proposalTitle')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.instrument')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.startsAt')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.status')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.scientistDecision')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.reviewerDecision')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.riskLevel')}</TableCell>
              <TableCell>{t('console.safetyReview.columns.submittedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const experimentId = row.experiment?.experimentId ?? String(row.experimentPk);
              return (
                <TableRow
                  key={row.experimentSafetyPk}
                  hover
                  data-testid={`safety-review-row-${row.experimentSafetyPk}`}
                >
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<HealthAndSafety />}
                      component={Link}
                      to={`/ExperimentSafetyReview/${row.experimentSafetyPk}`}
                      // the page's "Back to the queue" returns to this filter
                      state={{ queue: searchParams.toString() }}
                      aria-label={t('console.safetyReview.openLabel', { id: experimentId })}
                    >
                      {t('console.safetyReview.open')}
                    </Button>
                  </TableCell>
                  <TableCell>{experimentId}</TableCell>
                  <TableCell>{row.proposal?.proposalId}</TableCell>
                  <TableCell>{row.proposal?.title}</TableCell>
                  <TableCell>{row.experiment?.instrument?.name}</TableCell>
                  <TableCell>{dates.dateTime(row.experiment?.startsAt)}</TableCell>
                  <TableCell>{t(`console.safetyReview.statuses.${row.status}`, row.status)}</TableCell>
                  <TableCell>{decision(row.instrumentScientistDecision)}</TableCell>
                  <TableCell>{decision(row.experimentSafetyReviewerDecision)}</TableCell>
                  <TableCell>{t(`console.safetyReview.riskLevels.${row.riskLevel}`)}</TableCell>
                  <TableCell>{dates.dateTime(row.esiQuestionarySubmittedAt)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
    </Paper>
  );
}
