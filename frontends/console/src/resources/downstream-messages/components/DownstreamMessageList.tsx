import { Typography } from '@mui/material';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Datagrid, FunctionField, List, Pagination, SearchInput, SelectInput, TextField } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { STATUS_LOG_PAGE_SIZE, waitedFor } from '../../status-actions-logs/components/StatusActionsLogList';

/** §9: table search debounce. */
const SEARCH_DEBOUNCE_MS = 400;

export interface DownstreamMessageRow {
  id: string;
  messageKey: string;
  type: string;
  orderingKey: string;
  exchanges: string[];
  /** the exchanges the broker confirmed it on so far */
  publishedTo: string[];
  message: string;
  successful: boolean;
  /** PENDING / RUNNING: owed, not published yet (ARCHITECTURE §4: nothing owed is invisible) */
  state: 'PENDING' | 'RUNNING' | 'SUCCESSFUL' | 'FAILED';
  tries: number;
  waitingSeconds?: number | null;
  timestamp: string;
}

type T = (key: string, options?: Record<string, string>) => string;

/** the outcome column: published or failed, or for a message owed and not published yet its state and age */
export function downstreamOutcomeText(r: DownstreamMessageRow, t: T): string {
  const age = waitedFor(r.waitingSeconds ?? 0);
  switch (r.state) {
    case 'PENDING':
      return t('console.downstreamMessages.pending', { age });
    case 'RUNNING':
      return t('console.downstreamMessages.running', { age });
    case 'SUCCESSFUL':
      return t('console.downstreamMessages.published');
    default:
      return t('console.downstreamMessages.failed');
  }
}

/** the exchanges column: where it goes, and while not all are confirmed, those that are */
export function downstreamExchangesText(r: DownstreamMessageRow, t: T): string {
  const exchanges = r.exchanges.join(', ');
  const partial = r.publishedTo.length > 0 && r.publishedTo.length < r.exchanges.length;
  return partial
    ? t('console.downstreamMessages.confirmedOn', { exchanges, confirmed: r.publishedTo.join(', ') })
    : exchanges;
}

/**
 * Downstream messages (`/console/DownstreamMessages`, officer): the deletions and the feed's messages in the
 * compatible profile, each with its outcome (published to which exchanges and when, waiting with the last error,
 * failed) and its tries; all, published, waiting or failed; search from 3 characters; newest first, 20 a page.
 */
export function DownstreamMessageList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const tt: T = (key, options) => t(key, options);
  const filters = [
    <SearchInput key="searchText" source="searchText" alwaysOn placeholder={t('console.common.search')} />,
    <SelectInput
      key="show"
      source="show"
      label={t('console.downstreamMessages.filters.label')}
      alwaysOn
      emptyText={t('console.downstreamMessages.filters.all')}
      choices={[
        { id: 'published', name: t('console.downstreamMessages.filters.published') },
        { id: 'waiting', name: t('console.downstreamMessages.filters.waiting') },
        { id: 'failed', name: t('console.downstreamMessages.filters.failed') },
      ]}
    />,
  ];
  return (
    <>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('console.downstreamMessages.help')}
      </Typography>
      <List
        resource="DownstreamMessages"
        title={t('console.downstreamMessages.title')}
        filters={filters}
        perPage={STATUS_LOG_PAGE_SIZE}
        debounce={SEARCH_DEBOUNCE_MS}
        pagination={<Pagination rowsPerPageOptions={[STATUS_LOG_PAGE_SIZE, 50, 100]} />}
        actions={false}
        empty={false}
        storeKey="DownstreamMessages.list"
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="type" label={t('console.downstreamMessages.columns.type')} sortable={false} />
          <FunctionField
            label={t('console.downstreamMessages.columns.exchanges')}
            sortable={false}
            render={(r: DownstreamMessageRow) => downstreamExchangesText(r, tt)}
          />
          <FunctionField
            label={t('console.downstreamMessages.columns.outcome')}
            sortable={false}
            render={(r: DownstreamMessageRow) => downstreamOutcomeText(r, tt)}
          />
          <TextField
            source="message"
            label={t('console.downstreamMessages.columns.message')}
            sortable={false}
          />
          <TextField source="tries" label={t('console.downstreamMessages.columns.tries')} sortable={false} />
          <FunctionField
            label={t('console.downstreamMessages.columns.timestamp')}
            sortable={false}
            render={(r: DownstreamMessageRow) => dates.dateTime(r.timestamp)}
          />
        </Datagrid>
      </List>
    </>
  );
}
