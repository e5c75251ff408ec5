import { useDataProvider, useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { PickOneDialog } from '../../../components/PickOneDialog';

/** Change proposal(s) status (§2 toolbar, §7 changeProposalsStatus): "You must select proposal status" without one. */
export function ChangeStatusDialog({
  proposalPks,
  open,
  onClose,
}: {
  proposalPks: number[];
  open: boolean;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: statuses = [] } = useGetList<{ id: number; name: string }>('Statuses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <PickOneDialog
      open={open}
      title={t('console.proposals.changeStatus.title')}
      label={t('console.proposals.changeStatus.status')}
      options={statuses}
      required={t('console.proposals.changeStatus.required')}
      submitLabel={t('console.proposals.changeStatus.submit')}
      cancelLabel={t('console.proposals.cancel')}
      run={(statusId) => dataProvider.changeProposalsStatus(proposalPks, statusId)}
      done={t('console.proposals.changeStatus.done', { count: proposalPks.length })}
      onClose={onClose}
    />
  );
}
