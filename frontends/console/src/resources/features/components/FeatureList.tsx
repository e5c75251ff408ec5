import { Switch } from '@mui/material';
import { Datagrid, FunctionField, List, TextField, useNotify, useUpdate } from 'react-admin';
import { useTranslation } from 'react-i18next';

interface FeatureRow {
  id: string;
  isEnabled: boolean;
  description: string;
}

function FeatureSwitch({ feature }: { feature: FeatureRow }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  return (
    <Switch
      checked={feature.isEnabled}
      disabled={isPending}
      slotProps={{ input: { 'aria-label': t('console.features.toggle', { id: feature.id }) } }}
      onChange={(e) => {
        const isEnabled = e.target.checked;
        update(
          'Features',
          { id: feature.id, data: { isEnabled }, previousData: feature },
          {
            mutationMode: 'pessimistic',
            onSuccess: () =>
              notify(
                t(isEnabled ? 'console.features.enabled' : 'console.features.disabled', { id: feature.id }),
                {
                  type: 'success',
                },
              ),
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        );
      }}
    />
  );
}

/** Features (`/console/Features`, officer): each feature enabled or disabled (updateFeatures ENABLE / DISABLE). */
export function FeatureList() {
  const { t } = useTranslation();
  return (
    <List
      resource="Features"
      title={t('console.features.title')}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      actions={false}
      empty={false}
      storeKey="Features.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label={t('console.features.columns.id')} />
        <TextField source="description" label={t('console.features.columns.description')} />
        <FunctionField
          source="isEnabled"
          label={t('console.features.columns.isEnabled')}
          render={(r: FeatureRow) => <FeatureSwitch feature={r} />}
        />
      </Datagrid>
    </List>
  );
}
