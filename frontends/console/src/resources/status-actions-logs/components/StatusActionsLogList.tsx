import { Alert, Stack, Typography } from '@mui/material';
import Replay from '@mui/icons-material/Replay';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { ConfirmIconButton } from '../../../components/ConfirmButton';

/** §9: the status log's page size. */
export const STATUS_LOG_PAGE_SIZE = 20;
/** §9: table search debounce. */
const SEARCH_DEBOUNCE_MS = 400;

export interface StatusActionsLogRow {
  id: number;
  statusActionsLogId: number;
  actionType: 'EMAIL' | 'RABBITMQ';
  /** RabbitMQ actions: the message profile (native, compatible) */
  profile?: string | null;
  /** the e-mail address, or the exchanges */
  recipient: string;
  message: string;
  successful: boolean;
  /** PENDING / RUNNING: owed, not run yet (ARCHITECTURE §4: nothing owed is invisible) */
  state: 'PENDING' | 'RUNNING' | 'SUCCESSFUL' | 'FAILED';
  waitingSeconds?: number | null;
  timestamp: string;
  proposals: { primaryKey: number; proposalId: string }[];
}

const isOwed = (r: StatusActionsLogRow) => r.state === 'PENDING' || r.state === 'RUNNING';

/** how long an owed action has waited, in its largest whole unit (45 s, 3 min, 2 h) */
export function waitedFor(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** the outcome column: successful or failed, or for an owed action not run yet its state and age */
export function outcomeText(
  r: StatusActionsLogRow,
  t: (key: string, options?: { age: string }) => string,
): string {
  if (isOwed(r)) {
    const age = waitedFor(r.waitingSeconds ?? 0);
    return t(`console.statusActionsLogs.${r.state === 'PENDING' ? 'pending' : 'running'}`, { age });
  }
  return r.successful ? t('console.statusActionsLogs.successful') : t('console.statusActionsLogs.failed');
}

/** the action column: the action, and a RabbitMQ action's message profile ("RabbitMQ (compatible)") */
export function actionText(
  r: StatusActionsLogRow,
  t: (key: string, options?: Record<string, string>) => string,
) {
  const action = t(`console.statusActionsLogs.actionTypes.${r.actionType}`);
  return r.profile
    ? t('console.statusActionsLogs.actionWithProfile', { action, profile: r.profile })
    : action;
}

/** Replay with confirmation (§2), warning about duplicate notifications when the action already succeeded. */
function ReplayButton({ log }: { log: StatusActionsLogRow }) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <ConfirmIconButton
      label={t('console.statusActionsLogs.replayLabel', { id: log.statusActionsLogId })}
      icon={<Replay fontSize="small" />}
      title={t('console.statusActionsLogs.replayTitle')}
      content={
        <Stack spacing={2}>
          <Typography>{t('console.statusActionsLogs.replayConfirm')}</Typography>
          {log.successful ? (
            <Alert severity="warning">{t('console.statusActionsLogs.replayDuplicate')}</Alert>
          ) : null}
        </Stack>
      }
      onConfirm={async () => {
        try {
          await dataProvider.replayStatusActionsLog(log.statusActionsLogId);
          notify(t('console.statusActionsLogs.replaySent'), { type: 'success' });
          refresh();
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    />
  );
}

/**
 * Status actions logs (`/console/StatusActionsLogs`, officer): all, successful, failed or waiting to run (owed
 * actions with their state and age); search (3 characters or
 * more), sortable columns, 20 a page; replay with confirmation and the duplicate-notification warning.
 */
export function StatusActionsLogList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const filters = [
    <SearchInput key="searchText" source="searchText" alwaysOn placeholder={t('console.common.search')} />,
    <SelectInput
      key="statusActionsSuccessful"
      source="statusActionsSuccessful"
      label={t('console.statusActionsLogs.filters.label')}
      alwaysOn
      emptyText={t('console.statusActionsLogs.filters.all')}
      choices={[
        { id: 'true', name: t('console.statusActionsLogs.filters.successful') },
        { id: 'false', name: t('console.statusActionsLogs.filters.failed') },
        { id: 'waiting', name: t('console.statusActionsLogs.filters.waiting') },
      ]}
    />,
  ];
  return (
    <List
      resource="StatusActionsLogs"
      title={t('console.statusActionsLogs.title')}
      filters={filters}
      perPage={STATUS_LOG_PAGE_SIZE}
      debounce={SEARCH_DEBOUNCE_MS}
      sort={{ field: 'timestamp', order: 'DESC' }}
      pagination={<Pagination rowsPerPageOptions={[STATUS_LOG_PAGE_SIZE, 50, 100]} />}
      actions={false}
      empty={false}
      storeKey="StatusActionsLogs.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <FunctionField
          source="actionType"
          label={t('console.statusActionsLogs.columns.actionType')}
          render={(r: StatusActionsLogRow) => actionText(r, (key, options) => t(key, options))}
        />
        <TextField source="recipient" label={t('console.statusActionsLogs.columns.recipient')} />
        <TextField source="message" label={t('console.statusActionsLogs.columns.message')} />
        <FunctionField
          label={t('console.statusActionsLogs.columns.proposals')}
          sortable={false}
          render={(r: StatusActionsLogRow) => r.proposals.map((p) => p.proposalId).join(', ')}
        />
        <FunctionField
          source="successful"
          label={t('console.statusActionsLogs.columns.successful')}
          render={(r: StatusActionsLogRow) => outcomeText(r, (key, options) => t(key, options))}
        />
        <FunctionField
          source="timestamp"
          label={t('console.statusActionsLogs.columns.timestamp')}
          render={(r: StatusActionsLogRow) => dates.dateTime(r.timestamp)}
        />
        <FunctionField
          label={t('console.common.actions')}
          render={(r: StatusActionsLogRow) => (isOwed(r) ? null : <ReplayButton log={r} />)}
        />
      </Datagrid>
    </List>
  );
}
