import {
  Alert,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ProposalRecord } from '../../proposals.operations';

interface EventLogRow {
  id: string;
  changedBy: string;
  eventTStamp: string;
  eventType: string;
  description: string;
}

interface StatusActionRow {
  id: number;
  actionType: string;
  recipient: string;
  message: string;
  successful: boolean;
  timestamp: string;
  proposals: { primaryKey: number }[];
}

/**
 * Logs (§2 review modal): this proposal's event log (its own events and those of its reviews, reviewer assignments
 * and decisions) and its status actions log.
 */
export function LogsTab({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { data: events = [], error: eventsError } = useGetList<EventLogRow>('EventLogs', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'eventTStamp', order: 'DESC' },
    // the proposal's own events and those of what hangs off it: reviewer assignments (with a conflict override's
    // reason), technical and FAP reviews, decisions
    filter: { proposalPk: proposal.primaryKey },
  });
  const { data: actions = [], error: actionsError } = useGetList<StatusActionRow>('StatusActionsLogs', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'timestamp', order: 'DESC' },
    filter: { searchText: proposal.proposalId },
  });
  const ownActions = actions.filter((a) => a.proposals.some((p) => p.primaryKey === proposal.primaryKey));
  const empty = <Typography color="text.secondary">{t('console.review.logs.none')}</Typography>;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {t('console.review.logs.events')}
        </Typography>
        {eventsError ? <Alert severity="error">{(eventsError as Error).message}</Alert> : null}
        {events.length === 0 ? (
          empty
        ) : (
          <Table size="small" aria-label={t('console.review.logs.events')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('console.review.logs.changedBy')}</TableCell>
                <TableCell>{t('console.review.logs.changedOn')}</TableCell>
                <TableCell>{t('console.review.logs.eventType')}</TableCell>
                <TableCell>{t('console.review.logs.description')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {events.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{e.changedBy}</TableCell>
                  <TableCell>{dates.dateTime(e.eventTStamp)}</TableCell>
                  <TableCell>{e.eventType}</TableCell>
                  <TableCell>{e.description}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {t('console.review.logs.statusActions')}
        </Typography>
        {actionsError ? <Alert severity="error">{(actionsError as Error).message}</Alert> : null}
        {ownActions.length === 0 ? (
          empty
        ) : (
          <Table size="small" aria-label={t('console.review.logs.statusActions')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('console.review.logs.changedOn')}</TableCell>
                <TableCell>{t('console.review.logs.recipient')}</TableCell>
                <TableCell>{t('console.review.logs.message')}</TableCell>
                <TableCell>{t('console.review.logs.outcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ownActions.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{dates.dateTime(a.timestamp)}</TableCell>
                  <TableCell>{a.recipient}</TableCell>
                  <TableCell>{a.message}</TableCell>
                  <TableCell>
                    {a.successful ? t('console.review.logs.successful') : t('console.review.logs.failed')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
