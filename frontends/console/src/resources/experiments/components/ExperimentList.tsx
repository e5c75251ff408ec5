import { useEffect, useState } from 'react';
import { Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { useSettings } from '@user-office/frontend-shared/settings';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useRefresh,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { useRowCommand } from '../../../components/use-row-command';
import { zoneOf } from '../../../components/zoned-dates';
import { readAddress, writeAddress, type FilterParams } from '../../proposals/address-params';
import {
  EXPERIMENT_FILTER_PARAMS,
  EXPERIMENT_NUMERIC_PARAMS,
  EXPERIMENT_STATUSES,
} from '../experiment-filter';
import type { ExperimentRecord } from '../experiments.operations';
import { ExperimentDialog } from './ExperimentDialog';
import { useCallOptions, useInstrumentOptions } from './use-experiment-choices';

const PARAMS: FilterParams = { names: EXPERIMENT_FILTER_PARAMS, numeric: EXPERIMENT_NUMERIC_PARAMS };
const DEFAULT_SORT = { field: 'startsAt', order: 'ASC' } as const;

/** Keeps the address in step with the table's filters (§2 address parameters, as the proposals table). */
function AddressSync() {
  const { filterValues } = useListContext();
  const [, setSearchParams] = useSearchParams();
  const state = JSON.stringify(filterValues);
  useEffect(() => {
    setSearchParams(
      (current) =>
        writeAddress(current, { filter: filterValues, sort: null, selection: [] }, DEFAULT_SORT, PARAMS),
      { replace: true },
    );
  }, [state, setSearchParams]);
  return null;
}

function InstrumentFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const { options } = useInstrumentOptions();
  return (
    <SelectInput
      source={source}
      label={t('console.experiments.filters.instrument')}
      choices={options}
      sx={{ minWidth: 180 }}
    />
  );
}

function CallFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const { options } = useCallOptions();
  return (
    <SelectInput
      source={source}
      label={t('console.experiments.filters.call')}
      choices={options}
      sx={{ minWidth: 180 }}
    />
  );
}

function experimentFilters(t: (key: string) => string) {
  return [
    <InstrumentFilter key="instrument" source="instrument" alwaysOn />,
    <CallFilter key="call" source="call" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label={t('console.experiments.filters.status')}
      choices={EXPERIMENT_STATUSES.map((s) => ({ id: s, name: t(`console.experiments.status.${s}`) }))}
    />,
    <DateInput
      key="startsAfter"
      source="startsAfter"
      alwaysOn
      label={t('console.experiments.filters.startsAfter')}
    />,
    <DateInput
      key="endsBefore"
      source="endsBefore"
      alwaysOn
      label={t('console.experiments.filters.endsBefore')}
    />,
  ];
}

/** An instant as the facility's date and time ("2026-12-01 08:00"). */
function useInstantFormat(): (iso: string) => string {
  const zone = zoneOf(useSettings().value('TIMEZONE'));
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (iso) => format.format(new Date(iso));
}

function RowActions({
  record,
  onEdit,
}: {
  record: ExperimentRecord;
  onEdit(record: ExperimentRecord): void;
}) {
  const { t } = useTranslation();
  const provider = useDataProvider();
  const { confirmThenRun, confirmDialog } = useRowCommand();
  const id = record.experimentId;
  return (
    <>
      <ActionIconButton
        label={t('console.experiments.edit', { id })}
        icon={<Edit fontSize="small" />}
        onClick={() => onEdit(record)}
      />
      <ActionIconButton
        label={t('console.experiments.delete', { id })}
        icon={<Delete fontSize="small" />}
        onClick={() =>
          void confirmThenRun(
            t('console.experiments.deleteConfirm', { id, proposal: record.proposal?.proposalId ?? '' }),
            () => provider.delete('ExperimentPage', { id: record.id, previousData: record }),
            t('console.experiments.deleted'),
          )
        }
      />
      {confirmDialog}
    </>
  );
}

/**
 * The experiments table (`/console/ExperimentPage`, officers): filters by instrument, call, status and dates kept
 * in the address; experiment id, proposal, instrument, local contact, times, status and ESI status; create, edit
 * and delete dialogs (the server's refusals show their message and change nothing).
 */
export function ExperimentList() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => readAddress(searchParams, PARAMS).filter);
  const [filters] = useState(() => experimentFilters(t));
  const zone = zoneOf(useSettings().value('TIMEZONE'));
  const instant = useInstantFormat();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<{ record: ExperimentRecord | null } | null>(null);
  const column = (name: string) => t(`console.experiments.columns.${name}`);

  return (
    <>
      <List
        resource="ExperimentPage"
        title={t('console.experiments.title')}
        disableSyncWithLocation
        storeKey={false}
        filters={filters}
        filter={{ zone }}
        filterDefaultValues={initial}
        sort={DEFAULT_SORT}
        perPage={25}
        empty={false}
        actions={
          <TopToolbar>
            <Button startIcon={<Add />} onClick={() => setDialog({ record: null })}>
              {t('console.experiments.create')}
            </Button>
          </TopToolbar>
        }
      >
        <AddressSync />
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField
            label={t('console.common.actions')}
            render={(record: ExperimentRecord) => (
              <RowActions record={record} onEdit={(r) => setDialog({ record: r })} />
            )}
          />
          <TextField source="experimentId" label={column('experimentId')} sortable={false} />
          <FunctionField
            label={column('proposal')}
            render={(r: ExperimentRecord) =>
              r.proposal ? `${r.proposal.proposalId} ${r.proposal.title}` : ''
            }
          />
          <FunctionField
            label={column('instrument')}
            render={(r: ExperimentRecord) => r.instrument?.name ?? ''}
          />
          <FunctionField
            label={column('localContact')}
            render={(r: ExperimentRecord) =>
              r.localContact ? `${r.localContact.firstname} ${r.localContact.lastname}` : ''
            }
          />
          <FunctionField label={column('startsAt')} render={(r: ExperimentRecord) => instant(r.startsAt)} />
          <FunctionField label={column('endsAt')} render={(r: ExperimentRecord) => instant(r.endsAt)} />
          <FunctionField
            label={column('status')}
            render={(r: ExperimentRecord) => t(`console.experiments.status.${r.status}`)}
          />
          <FunctionField
            label={column('esiStatus')}
            render={(r: ExperimentRecord) =>
              t(`console.experiments.esiStatus.${r.experimentSafety?.status ?? 'none'}`, {
                defaultValue: r.experimentSafety?.status ?? '',
              })
            }
          />
        </Datagrid>
      </List>
      <ExperimentDialog
        open={dialog !== null}
        record={dialog?.record ?? null}
        onClose={(saved) => {
          setDialog(null);
          if (saved) refresh();
        }}
      />
    </>
  );
}
