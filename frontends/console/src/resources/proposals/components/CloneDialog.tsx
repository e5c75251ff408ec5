import { useDataProvider, useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { PickOneDialog } from '../../../components/PickOneDialog';

/** Clone proposal(s) to call (§2 dialog, §7 cloneProposals): into a call open now (the server checks the rules). */
export function CloneDialog({
  proposalPks,
  open,
  onClose,
}: {
  proposalPks: number[];
  open: boolean;
  onClose(cloned: boolean): void;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: calls = [] } = useGetList<{ id: number; shortCode: string }>(
    'Calls',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { isActive: true },
    },
    { enabled: open },
  );
  return (
    <PickOneDialog
      open={open}
      title={t('console.proposals.clone.title')}
      label={t('console.proposals.clone.call')}
      options={calls.map((c) => ({ id: c.id, name: c.shortCode }))}
      required={t('console.proposals.clone.required')}
      submitLabel={t('console.proposals.clone.submit')}
      cancelLabel={t('console.proposals.cancel')}
      empty={t('console.proposals.clone.noCalls')}
      run={(callId) => dataProvider.cloneProposals(callId, proposalPks)}
      done={t('success.proposalCloned')}
      onClose={onClose}
    />
  );
}
