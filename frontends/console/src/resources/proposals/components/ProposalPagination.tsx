import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { Pagination, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import type { PrefetchMeta } from '../prefetch';
import { PAGE_SIZE } from '../proposal-filter';

/**
 * The staff table's pagination. A total the server estimated (a search or a question filter matching thousands)
 * reads "1–20 of about 50,000", and "Count exactly" beside it asks for the exact figure (one request) and shows it.
 */
export function ProposalPagination() {
  const { t, i18n } = useTranslation();
  const { meta, filterValues, sort, page, perPage } = useListContext();
  const estimated = (meta as PrefetchMeta | undefined)?.totalEstimated ?? false;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [counting, setCounting] = useState(false);

  const countExactly = async () => {
    setCounting(true);
    try {
      await dataProvider.countProposalsExactly({ filter: filterValues, sort, pagination: { page, perPage } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setCounting(false);
    }
  };

  // "1–20 of 10,950", "1–20 of about 11,000"
  const label = ({ from, to, count }: { from: number; to: number; count: number }) =>
    t(estimated ? 'console.proposals.count.pageOfAbout' : 'console.proposals.count.pageOf', {
      from: from.toLocaleString(i18n.language),
      to: to.toLocaleString(i18n.language),
      count: count.toLocaleString(i18n.language),
    });

  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1 }}>
      {estimated ? (
        <Button size="small" onClick={() => void countExactly()} disabled={counting}>
          {counting ? t('console.proposals.count.counting') : t('console.proposals.count.countExactly')}
        </Button>
      ) : null}
      {/* react-admin hands its other props to MUI's TablePagination, whose label this is */}
      <Pagination rowsPerPageOptions={[PAGE_SIZE, 50, 100]} {...{ labelDisplayedRows: label }} />
    </Box>
  );
}
