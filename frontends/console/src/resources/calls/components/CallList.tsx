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
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useTranslation } from 'react-i18next';
import type { CallRecord } from '../calls.operations';

function CallListActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('admin.calls.createTitle')} />
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
  const filters = [
    <SelectInput
      key="state"
      source="state"
      label={t('admin.calls.filters.label')}
      alwaysOn
      emptyText={t('admin.statusActionsLogs.filters.all')}
      choices={[
        { id: 'active', name: t('admin.calls.filters.active') },
        { id: 'activeInternal', name: t('admin.calls.filters.activeInternal') },
        { id: 'ended', name: t('admin.calls.filters.ended') },
      ]}
    />,
  ];
  return (
    <List
      resource="Calls"
      title={t('admin.calls.title')}
      filters={filters}
      actions={<CallListActions />}
      sort={{ field: 'startCall', order: 'DESC' }}
      storeKey="Calls.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="shortCode" label={t('admin.calls.columns.shortCode')} />
        <TextField source="title" label={t('admin.calls.columns.title')} emptyText="" />
        <FunctionField
          source="startCall"
          label={t('admin.calls.columns.startCall')}
          render={(r: CallRecord) => dates.dateTime(r.startCall)}
        />
        <FunctionField
          source="endCall"
          label={t('admin.calls.columns.endCall')}
          render={(r: CallRecord) => dates.dateTime(r.endCall)}
        />
        <FunctionField
          source="isActive"
          label={t('admin.calls.columns.active')}
          render={(r: CallRecord) => (r.isActive ? t('admin.common.yes') : t('admin.common.no'))}
        />
        <NumberField source="proposalCount" label={t('admin.calls.columns.proposalCount')} />
        <FunctionField
          label={t('admin.common.actions')}
          render={(r: CallRecord) => (
            <>
              <EditButton
                label={t('admin.common.edit')}
                aria-label={`${t('admin.common.edit')} ${r.shortCode}`}
              />
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                label={t('admin.common.delete')}
                aria-label={`${t('admin.common.delete')} ${r.shortCode}`}
                confirmTitle={t('admin.common.deleteConfirmTitle', { name: r.shortCode })}
                confirmContent={t('admin.calls.deleteConfirm', { name: r.shortCode })}
              />
            </>
          )}
        />
      </Datagrid>
    </List>
  );
}
