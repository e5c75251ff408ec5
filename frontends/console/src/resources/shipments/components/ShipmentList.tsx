import { useEffect, useState } from 'react';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Datagrid, FunctionField, List, SelectInput, TextField, useListContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { readAddress, writeAddress, type FilterParams } from '../../proposals/address-params';
import {
  SHIPMENT_FILTER_PARAMS,
  SHIPMENT_NUMERIC_PARAMS,
  SHIPMENT_STATUSES,
  shipmentCommands,
  type ShipmentRecord,
} from '../shipments.operations';
import { ShipmentActions } from './shipment-actions';

const PARAMS: FilterParams = { names: SHIPMENT_FILTER_PARAMS, numeric: SHIPMENT_NUMERIC_PARAMS };
const DEFAULT_SORT = { field: 'id', order: 'DESC' } as const;

/** Keeps the address in step with the list's filters (as the proposals and experiments tables). */
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

function ProposalFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    shipmentCommands
      .proposals()
      .then((found) => live && setOptions(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <SelectInput
      source={source}
      label={t('console.shipments.filters.proposal')}
      choices={options}
      sx={{ minWidth: 240 }}
    />
  );
}

function shipmentFilters(t: (key: string) => string) {
  return [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label={t('console.shipments.filters.status')}
      choices={SHIPMENT_STATUSES.map((s) => ({ id: s, name: t(`console.shipments.statuses.${s}`) }))}
    />,
    <ProposalFilter key="proposal" source="proposal" alwaysOn />,
  ];
}

/**
 * The shipments list (`/console/Shipments`, officers): every declared shipment, newest first, filtered by status
 * and proposal (kept in the address); each row opens its page, downloads its label and marks it received.
 */
export function ShipmentList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => readAddress(searchParams, PARAMS).filter);
  const [filters] = useState(() => shipmentFilters(t));
  const column = (name: string) => t(`console.shipments.columns.${name}`);

  return (
    <List
      resource="Shipments"
      title={t('console.shipments.title')}
      disableSyncWithLocation
      storeKey={false}
      filters={filters}
      filterDefaultValues={initial}
      sort={DEFAULT_SORT}
      perPage={25}
      empty={false}
      actions={false}
    >
      <AddressSync />
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <FunctionField
          label={t('console.common.actions')}
          render={(record: ShipmentRecord) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <ActionIconButton
                label={t('console.shipments.open', { title: record.title })}
                icon={<OpenInNew fontSize="small" />}
                onClick={() =>
                  void navigate(`/Shipments/${record.id}`, { state: { list: searchParams.toString() } })
                }
              />
              <ShipmentActions shipment={record} />
            </span>
          )}
        />
        <TextField source="id" label={column('id')} />
        <TextField source="title" label={column('title')} />
        <FunctionField
          label={column('proposal')}
          render={(r: ShipmentRecord) => (r.proposal ? `${r.proposal.proposalId} ${r.proposal.title}` : '')}
        />
        <FunctionField
          label={column('status')}
          render={(r: ShipmentRecord) => t(`console.shipments.statuses.${r.status}`)}
        />
        <FunctionField
          label={column('samples')}
          render={(r: ShipmentRecord) => r.samples.map((s) => s.title).join(', ')}
        />
        <FunctionField label={column('created')} render={(r: ShipmentRecord) => dates.dateTime(r.created)} />
        <FunctionField
          label={column('receivedAt')}
          render={(r: ShipmentRecord) => (r.receivedAt ? dates.dateTime(r.receivedAt) : '')}
        />
      </Datagrid>
    </List>
  );
}
