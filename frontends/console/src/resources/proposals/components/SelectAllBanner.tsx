import { Alert, Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { PrefetchMeta } from '../prefetch';
import { PREFETCH_CHUNK } from '../proposal-filter';

/**
 * §2/§9: when 200 or more proposals are loaded and the whole page is selected, a banner offers to select every
 * prefetched proposal, and to clear the selection.
 */
export function SelectAllBanner() {
  const { t } = useTranslation();
  const { data = [], selectedIds, onSelect, onUnselectItems, meta } = useListContext();
  const prefetched = (meta as PrefetchMeta | undefined)?.prefetchedIds ?? [];
  if (prefetched.length < PREFETCH_CHUNK || data.length === 0) return null;
  const pageSelected = data.every((r) => selectedIds.includes(r.id));
  if (!pageSelected) return null;
  const all = prefetched.every((id) => selectedIds.includes(id));
  return (
    <Alert
      severity="info"
      sx={{ borderRadius: 0 }}
      action={
        all ? (
          <Button size="small" onClick={() => onUnselectItems()}>
            {t('console.proposals.selectAll.clear')}
          </Button>
        ) : (
          <Button size="small" onClick={() => onSelect(prefetched)}>
            {t('console.proposals.selectAll.selectAllPrefetched', { count: prefetched.length })}
          </Button>
        )
      }
    >
      {all
        ? t('console.proposals.selectAll.allSelected', { count: prefetched.length })
        : t('console.proposals.selectAll.pageSelected', { count: data.length })}
    </Alert>
  );
}
