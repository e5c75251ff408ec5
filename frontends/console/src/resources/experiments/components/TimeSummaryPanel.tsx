import {
  Alert,
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TimeSummary } from '../experiments.operations';
import { figure, summaryRows } from '../timeline-model';

/**
 * The instrument's time in the call (experimentTimeSummary): its availability time against what is scheduled,
 * and per proposal the management decision's allocation against its experiments' time, in the call's unit.
 */
export function TimeSummaryPanel({ summary, error }: { summary: TimeSummary | null; error: string | null }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`console.experiments.summary.${key}`);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!summary) return <Alert severity="info">{t('console.experiments.times.noCall')}</Alert>;
  const { rows, availability, scheduled, left } = summaryRows(summary);
  const unit = t(`console.experiments.summary.unit.${summary.allocationTimeUnit}`);
  const value = (v: number | null) => (v === null ? k('notSet') : figure(v));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="experiment-time-summary">
      <Typography variant="h6" component="h2" id="experiment-time-summary" gutterBottom>
        {t('console.experiments.summary.title', { unit })}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0, mb: 2 }}>
        <dt>{k('availability')}</dt>
        <dd data-testid="availability-time">{value(availability)}</dd>
        <dt>{k('scheduled')}</dt>
        <dd data-testid="scheduled-time">{figure(scheduled)}</dd>
        <dt>{k('left')}</dt>
        <dd>{value(left)}</dd>
      </Box>
      {rows.length === 0 ? (
        <Alert severity="info">{k('none')}</Alert>
      ) : (
        <Table size="small" aria-label={t('console.experiments.summary.title', { unit })}>
          <TableHead>
            <TableRow>
              <TableCell>{k('proposal')}</TableCell>
              <TableCell align="right">{k('allocated')}</TableCell>
              <TableCell align="right">{k('scheduled')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.proposalPk} data-proposal-pk={row.proposalPk}>
                <TableCell>{row.label}</TableCell>
                <TableCell align="right">{value(row.allocated)}</TableCell>
                <TableCell
                  align="right"
                  sx={
                    row.left !== null && row.left < 0 ? { color: 'error.main', fontWeight: 600 } : undefined
                  }
                >
                  {figure(row.scheduled)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
