import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import AccountTree from '@mui/icons-material/AccountTree';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
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
import { ActionIconButton } from '../../../components/ActionIconButton';
import { NameDescriptionDialog } from '../../../components/NameDescriptionDialog';
import { useRowCommand } from '../../../components/use-row-command';
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
  return (
    <NameDescriptionDialog
      title={row ? t('console.workflows.list.editTitle') : t('console.workflows.list.createTitle')}
      labels={{
        name: t('console.workflows.list.name'),
        description: t('console.workflows.list.description'),
        nameRequired: t('console.workflows.list.nameRequired'),
        submit: row ? t('console.workflows.save') : t('console.workflows.list.create'),
        cancel: t('console.workflows.cancel'),
      }}
      initial={row ? { name: row.name, description: row.description ?? '' } : undefined}
      onSubmit={async (name, description) => {
        if (row) {
          await workflowCommands.update(row.id, name, description);
          notify(t('console.workflows.list.updated'), { type: 'success' });
          refresh();
        } else {
          const created = await workflowCommands.create(entityType, name, description);
          notify(t('console.workflows.list.created'), { type: 'success' });
          if (created) navigate(workflowEditorPathOf(created));
        }
      }}
      onClose={onClose}
    />
  );
}

function RowActions({ row }: { row: ConsoleWorkflowRowFragment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const { confirmThenRun, confirmDialog } = useRowCommand();
  const { name } = row;
  return (
    <Stack direction="row" spacing={0}>
      <ActionIconButton
        label={t('console.workflows.list.open', { name })}
        icon={<AccountTree fontSize="small" />}
        onClick={() => navigate(workflowEditorPathOf(row))}
      />
      <ActionIconButton
        label={t('console.workflows.list.edit', { name })}
        icon={<Edit fontSize="small" />}
        onClick={() => setEditing(true)}
      />
      <ActionIconButton
        label={t('console.workflows.list.delete', { name })}
        icon={<Delete fontSize="small" />}
        onClick={() =>
          void confirmThenRun(
            t('console.workflows.list.deleteConfirm', { name }),
            () => workflowCommands.remove(row.id),
            t('console.workflows.list.deleted'),
          )
        }
        disabled={row.isDefault}
      />
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
