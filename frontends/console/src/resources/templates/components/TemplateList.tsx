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
import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/Archive';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Unarchive from '@mui/icons-material/Unarchive';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import {
  BooleanInput,
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
import type { TemplateListDefinition } from '../template-lists';
import type { TemplateRow } from '../templates.operations';
import { saveAsFile, templateCommands } from './template-commands';

/** Where a template is edited: the PDF editor for PDF templates, the questionary editor for the others. */
export const editorPathOf = (row: Pick<TemplateRow, 'groupId' | 'templateId'>): string =>
  row.groupId === 'PDF' ? `/PdfTemplateEditor/${row.templateId}` : `/QuestionaryEditor/${row.templateId}`;

function CreateTemplateDialog({ list, onClose }: { list: TemplateListDefinition; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!name.trim()) {
      setError(t('console.editors.templates.nameRequired'));
      return;
    }
    try {
      const created = await templateCommands.create(list.groupId, name.trim(), description.trim());
      if (created) navigate(editorPathOf(created));
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="create-template-title" fullWidth maxWidth="sm">
      <DialogTitle id="create-template-title">{t('console.editors.templates.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MuiTextField
            label={t('console.editors.templates.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            required
            autoFocus
          />
          <MuiTextField
            label={t('console.editors.templates.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.editors.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {t('console.editors.templates.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ListActions({ list }: { list: TemplateListDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <TopToolbar>
      <Button startIcon={<Add />} onClick={() => setCreating(true)}>
        {t('console.editors.templates.create')}
      </Button>
      <Button startIcon={<FileUpload />} onClick={() => navigate('/ImportTemplate')}>
        {t('console.editors.templates.import')}
      </Button>
      {creating ? <CreateTemplateDialog list={list} onClose={() => setCreating(false)} /> : null}
    </TopToolbar>
  );
}

function RowActions({ row, list }: { row: TemplateRow; list: TemplateListDefinition }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    refresh();
  };
  const action = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const name = row.name;
  return (
    <Stack direction="row" spacing={0}>
      {action(t('console.editors.templates.edit', { name }), <Edit fontSize="small" />, () =>
        navigate(editorPathOf(row)),
      )}
      {action(
        t('console.editors.templates.clone', { name }),
        <ContentCopy fontSize="small" />,
        () => void run(() => templateCommands.clone(row.templateId), t('console.editors.templates.cloned')),
      )}
      {row.isArchived
        ? action(
            t('console.editors.templates.unarchive', { name }),
            <Unarchive fontSize="small" />,
            () =>
              void run(
                () => templateCommands.setArchived(row.templateId, false),
                t('console.editors.templates.unarchived'),
              ),
          )
        : action(
            t('console.editors.templates.archive', { name }),
            <Archive fontSize="small" />,
            () =>
              void confirm(t('console.editors.templates.archiveConfirm', { name })).then(
                async (yes) =>
                  yes &&
                  void run(
                    () => templateCommands.setArchived(row.templateId, true),
                    t('console.editors.templates.archived'),
                  ),
              ),
          )}
      {action(
        t('console.editors.templates.setActive', { name }),
        <CheckCircle fontSize="small" />,
        () =>
          void run(
            () => templateCommands.setActive(list.groupId, row.templateId),
            t('console.editors.templates.activated'),
          ),
        row.isActive || row.isArchived,
      )}
      {action(
        t('console.editors.templates.export', { name }),
        <FileDownload fontSize="small" />,
        () =>
          void templateCommands
            .exportJson(row.templateId)
            .then((json) => saveAsFile(json, `${row.name.replace(/[^\w-]+/g, '_')}.json`))
            .catch((e: Error) => notify(e.message, { type: 'error' })),
      )}
      {action(
        t('console.editors.templates.delete', { name }),
        <Delete fontSize="small" />,
        () =>
          void confirm(t('console.editors.templates.deleteConfirm', { name })).then(
            async (yes) =>
              yes &&
              void run(() => templateCommands.remove(row.templateId), t('console.editors.templates.deleted')),
          ),
      )}
      {confirmDialog}
    </Stack>
  );
}

/**
 * A template list of §2 (`/console/ProposalTemplates`, …): name, description, usage counts, the active marker (one
 * per group), clone, archive / unarchive (archived hidden unless "Show archived"), delete (the server refuses a
 * template in use, with what uses it), export as JSON, and the way to /ImportTemplate.
 */
export function templateListPage(list: TemplateListDefinition) {
  function TemplateList() {
    const { t } = useTranslation();
    const filters = [
      <SearchInput key="q" source="q" alwaysOn />,
      <BooleanInput
        key="isArchived"
        source="isArchived"
        label={t('console.editors.templates.showArchived')}
        alwaysOn
      />,
    ];
    return (
      <List
        resource={list.name}
        title={t(`console.editors.lists.${list.key}`)}
        filters={filters}
        filterDefaultValues={{ isArchived: false }}
        sort={{ field: 'templateId', order: 'DESC' }}
        actions={<ListActions list={list} />}
        storeKey={false}
        disableSyncWithLocation
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label={t('console.editors.templates.actions')}
            sortable={false}
            render={(row: TemplateRow) => <RowActions row={row} list={list} />}
          />
          <FunctionField
            source="name"
            label={t('console.editors.templates.name')}
            render={(row: TemplateRow) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{row.name}</span>
                {row.isActive ? (
                  <Chip size="small" color="success" label={t('console.editors.templates.active')} />
                ) : null}
                {row.isArchived ? (
                  <Chip size="small" label={t('console.editors.templates.archivedChip')} />
                ) : null}
              </Stack>
            )}
          />
          <TextField
            source="description"
            label={t('console.editors.templates.description')}
            sortable={false}
          />
          <TextField source="questionaryCount" label={t('console.editors.templates.questionaryCount')} />
          {list.groupId === 'PDF' ? (
            <TextField source="pdfCallCount" label={t('console.editors.templates.pdfCallCount')} />
          ) : list.groupId === 'PROPOSAL_ESI' ? (
            <TextField
              source="proposalESICallCount"
              label={t('console.editors.templates.proposalESICallCount')}
            />
          ) : (
            <TextField source="callCount" label={t('console.editors.templates.callCount')} />
          )}
        </Datagrid>
      </List>
    );
  }
  return TemplateList;
}
