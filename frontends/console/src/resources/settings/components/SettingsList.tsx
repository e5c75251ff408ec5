import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField as MuiTextField,
  Tooltip,
} from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import { settingValueError, type SettingsId } from '@user-office/contracts';
import { Datagrid, FunctionField, List, SearchInput, TextField, useNotify, useUpdate } from 'react-admin';
import { useTranslation } from 'react-i18next';

export interface SettingRow {
  id: SettingsId;
  settingsValue: string;
  description: string;
}

/** One setting's value, checked by that setting's rule (the api's, from the contracts) before it is sent. */
function SettingDialog({ setting, onClose }: { setting: SettingRow; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [value, setValue] = useState(setting.settingsValue);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = settingValueError(setting.id, value);
    setError(problem);
    if (problem) return;
    update(
      'Settings',
      { id: setting.id, data: { settingsValue: value }, previousData: setting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(t('success.updated'), { type: 'success' });
          onClose();
        },
        onError: (e) => setError((e as Error).message),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="setting-title">
      <DialogTitle id="setting-title">{t('console.settings.editLabel', { id: setting.id })}</DialogTitle>
      <DialogContent>
        <MuiTextField
          sx={{ mt: 1 }}
          fullWidth
          autoFocus
          label={t('console.settings.value')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? setting.description}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.common.cancel')}</Button>
        <Button variant="contained" disabled={isPending} onClick={save}>
          {t('console.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** App settings (`/console/Settings`, officer): every setting with its value; each value edited and validated. */
export function SettingsList() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<SettingRow | null>(null);
  return (
    <>
      <List
        resource="Settings"
        title={t('console.settings.title')}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('console.common.search')} />]}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={50}
        actions={false}
        empty={false}
        storeKey="Settings.list"
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="id" label={t('console.settings.columns.id')} />
          <TextField source="settingsValue" label={t('console.settings.columns.settingsValue')} />
          <TextField source="description" label={t('console.settings.columns.description')} />
          <FunctionField
            label={t('console.common.actions')}
            render={(r: SettingRow) => (
              <Tooltip title={t('console.settings.editLabel', { id: r.id })}>
                <IconButton
                  size="small"
                  aria-label={t('console.settings.editLabel', { id: r.id })}
                  onClick={() => setEditing(r)}
                >
                  <Edit fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          />
        </Datagrid>
      </List>
      {editing ? <SettingDialog setting={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
