import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField as MuiTextField,
  Tooltip,
} from '@mui/material';
import AccountTree from '@mui/icons-material/AccountTree';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useNotify,
  useRefresh,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConsoleWorkflowRowFragment, WorkflowType } from '../../../gql/graphql';
import { workflowCommands } from '../editor/workflow-commands';

/** Where a workflow is edited (§2). */
export const workflowEditorPathOf = (row: Pick<ConsoleWorkflowRowFragment, 'id' | 'entityType'>): string =>
  row.entityType === 'EXPERIMENT'
    ? `/ExperimentWorkflowEditor/${row.id}`
    : `/ProposalWorkflowEditor/${row.id}`;

/** Create (no row) or edit a workflow's name and description. */
function WorkflowDialog({
  entityType,
  row,
  onClose,
}: {
  entityType: WorkflowType;
  row?: ConsoleWorkflowRowFragment;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [name, setName] = useState(row?.name ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const title = row ? t('console.workflows.list.editTitle') : t('console.workflows.list.createTitle');
  const submit = async () => {
    if (!name.trim()) {
      setError(t('console.workflows.list.nameRequired'));
      return;
    }
    try {
      if (row) {
        await workflowCommands.update(row.id, name.trim(), description.trim());
        notify(t('console.workflows.list.updated'), { type: 'success' });
        refresh();
      } else {
        const created = await workflowCommands.create(entityType, name.trim(), description.trim());
        notify(t('console.workflows.list.created'), { type: 'success' });
        if (created) navigate(workflowEditorPathOf(created));
      }
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="workflow-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="workflow-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MuiTextField
            label={t('console.workflows.list.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            required
            autoFocus
          />
          <MuiTextField
            label={t('console.workflows.list.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.workflows.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {row ? t('console.workflows.save') : t('console.workflows.list.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RowActions({ row }: { row: ConsoleWorkflowRowFragment }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const { name } = row;
  const action = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const remove = async () => {
    if (!(await confirm(t('console.workflows.list.deleteConfirm', { name })))) return;
    try {
      await workflowCommands.remove(row.id);
      notify(t('console.workflows.list.deleted'), { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    refresh();
  };
  return (
    <Stack direction="row" spacing={0}>
      {action(t('console.workflows.list.open', { name }), <AccountTree fontSize="small" />, () =>
        navigate(workflowEditorPathOf(row)),
      )}
      {action(t('console.workflows.list.edit', { name }), <Edit fontSize="small" />, () => setEditing(true))}
      {action(
        t('console.workflows.list.delete', { name }),
        <Delete fontSize="small" />,
        () => void remove(),
        row.isDefault,
      )}
      {editing ? (
        <WorkflowDialog entityType={row.entityType} row={row} onClose={() => setEditing(false)} />
      ) : null}
      {confirmDialog}
    </Stack>
  );
}

function ListActions({ entityType }: { entityType: WorkflowType }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <TopToolbar>
      <Button startIcon={<Add />} onClick={() => setCreating(true)}>
        {t('console.workflows.list.create')}
      </Button>
      {creating ? <WorkflowDialog entityType={entityType} onClose={() => setCreating(false)} /> : null}
    </TopToolbar>
  );
}

/**
 * /console/ProposalWorkflows and /console/ExperimentWorkflows (§2): the workflows of an entity type with create,
 * edit of name and description, delete (the server refuses a default workflow or one in use, saying what uses it)
 * and the way to the visual editor.
 */
export function workflowListPage(resource: string, entityType: WorkflowType, titleKey: string) {
  function WorkflowList() {
    const { t } = useTranslation();
    return (
      <List
        resource={resource}
        title={t(titleKey)}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions entityType={entityType} />}
        storeKey={false}
        disableSyncWithLocation
        pagination={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label={t('console.workflows.list.actions')}
            sortable={false}
            render={(row: ConsoleWorkflowRowFragment) => <RowActions row={row} />}
          />
          <FunctionField
            source="name"
            sortable={false}
            label={t('console.workflows.list.name')}
            render={(row: ConsoleWorkflowRowFragment) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{row.name}</span>
                {row.isDefault ? <Chip size="small" label={t('console.workflows.list.default')} /> : null}
              </Stack>
            )}
          />
          <TextField source="description" sortable={false} label={t('console.workflows.list.description')} />
        </Datagrid>
      </List>
    );
  }
  return WorkflowList;
}
