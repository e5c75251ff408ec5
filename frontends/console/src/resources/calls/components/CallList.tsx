import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { FeatureId } from '@user-office/contracts';
import { useDateFormat, useSettings } from '@user-office/frontend-shared/settings';
import { useTranslation } from 'react-i18next';
import type { CallRecord } from '../calls.operations';

function CallListActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('console.calls.createTitle')} />
    </TopToolbar>
  );
}

/**
 * Calls (`/console/Calls`, officer): every call, or the active, internally active or ended ones; create, edit,
 * and delete with confirmation (the api refuses while the call has proposals, and the refusal is shown).
 */
export function CallList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const fapsOn = useSettings().isEnabled(FeatureId.FAP_REVIEW);
  const filters = [
    <SelectInput
      key="state"
      source="state"
      label={t('console.calls.filters.label')}
      alwaysOn
      emptyText={t('console.statusActionsLogs.filters.all')}
      choices={[
        { id: 'active', name: t('console.calls.filters.active') },
        { id: 'activeInternal', name: t('console.calls.filters.activeInternal') },
        { id: 'ended', name: t('console.calls.filters.ended') },
      ]}
    />,
  ];
  return (
    <List
      resource="Calls"
      title={t('console.calls.title')}
      filters={filters}
      actions={<CallListActions />}
      sort={{ field: 'startCall', order: 'DESC' }}
      empty={false}
      storeKey="Calls.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="shortCode" label={t('console.calls.columns.shortCode')} />
        <TextField source="title" label={t('console.calls.columns.title')} emptyText="" />
        <FunctionField
          source="startCall"
          label={t('console.calls.columns.startCall')}
          render={(r: CallRecord) => dates.dateTime(r.startCall)}
        />
        <FunctionField
          source="endCall"
          label={t('console.calls.columns.endCall')}
          render={(r: CallRecord) => dates.dateTime(r.endCall)}
        />
        <FunctionField
          source="isActive"
          label={t('console.calls.columns.active')}
          render={(r: CallRecord) => (r.isActive ? t('console.common.yes') : t('console.common.no'))}
        />
        {fapsOn && (
          <FunctionField
            label={t('console.calls.columns.faps')}
            render={(r: CallRecord) => r.faps.map((f) => f.code).join(', ')}
          />
        )}
        <NumberField source="proposalCount" label={t('console.calls.columns.proposalCount')} />
        <FunctionField
          label={t('console.common.actions')}
          render={(r: CallRecord) => (
            <>
              <EditButton
                label={t('console.common.edit')}
                aria-label={`${t('console.common.edit')} ${r.shortCode}`}
              />
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                label={t('console.common.delete')}
                aria-label={`${t('console.common.delete')} ${r.shortCode}`}
                confirmTitle={t('console.common.deleteConfirmTitle', { name: r.shortCode })}
                confirmContent={t('console.calls.deleteConfirm', { name: r.shortCode })}
              />
            </>
          )}
        />
      </Datagrid>
    </List>
  );
}
