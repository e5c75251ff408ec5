import { useDataProvider, useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { PickOneDialog } from '../../../components/PickOneDialog';
import type { InstrumentChoice } from '../proposals.operations';

/**
 * Assign to instrument (§2 toolbar, §5): the selected proposals' instruments become the ones picked
 * (assignProposalsToInstruments); none picked removes them all. `initial`: the instruments they share.
 */
export function AssignInstrumentDialog({
  proposalPks,
  initial,
  open,
  onClose,
  assign,
}: {
  proposalPks: number[];
  initial: number[];
  open: boolean;
  onClose(changed: boolean): void;
  /** the command (default: the staff table's assignProposalsToInstruments) */
  assign?(proposalPks: number[], instrumentIds: number[]): Promise<void>;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: instruments = [] } = useGetList<InstrumentChoice>(
    'InstrumentsMinimal',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  return (
    <PickOneDialog
      multiple
      open={open}
      title={t('console.proposals.assignInstrument.title')}
      label={t('console.proposals.assignInstrument.instruments')}
      options={instruments}
      initial={initial}
      intro={t('console.proposals.assignInstrument.intro', { count: proposalPks.length })}
      submitLabel={t('console.proposals.assignInstrument.submit')}
      cancelLabel={t('console.proposals.cancel')}
      run={(instrumentIds) =>
        (assign ?? dataProvider.assignProposalsToInstruments)(proposalPks, instrumentIds)
      }
      done={(picked) =>
        picked.length === 0
          ? t('console.proposals.assignInstrument.removed', { count: proposalPks.length })
          : t('console.proposals.assignInstrument.assigned', { count: proposalPks.length })
      }
      onClose={onClose}
    />
  );
}
