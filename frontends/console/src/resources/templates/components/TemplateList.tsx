import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/Archive';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Unarchive from '@mui/icons-material/Unarchive';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useNotify,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { NameDescriptionDialog } from '../../../components/NameDescriptionDialog';
import { useRowCommand } from '../../../components/use-row-command';
import type { TemplateListDefinition } from '../template-lists';
import type { TemplateRow } from '../templates.operations';
import { saveAsFile, templateCommands } from './template-commands';

/** Where a template is edited: the PDF editor for PDF templates, the questionary editor for the others. */
export const editorPathOf = (row: Pick<TemplateRow, 'groupId' | 'templateId'>): string =>
  row.groupId === 'PDF' ? `/PdfTemplateEditor/${row.templateId}` : `/QuestionaryEditor/${row.templateId}`;

function CreateTemplateDialog({ list, onClose }: { list: TemplateListDefinition; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NameDescriptionDialog
      title={t('console.editors.templates.createTitle')}
      labels={{
        name: t('console.editors.templates.name'),
        description: t('console.editors.templates.description'),
        nameRequired: t('console.editors.templates.nameRequired'),
        submit: t('console.editors.templates.create'),
        cancel: t('console.editors.cancel'),
      }}
      onSubmit={async (name, description) => {
        const created = await templateCommands.create(list.groupId, name, description);
        if (created) navigate(editorPathOf(created));
      }}
      onClose={onClose}
    />
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
  const navigate = useNavigate();
  const { run, confirmThenRun, confirmDialog } = useRowCommand();
  const name = row.name;
  const id = row.templateId;
  return (
    <Stack direction="row" spacing={0}>
      <ActionIconButton
        label={t('console.editors.templates.edit', { name })}
        icon={<Edit fontSize="small" />}
        onClick={() => navigate(editorPathOf(row))}
      />
      <ActionIconButton
        label={t('console.editors.templates.clone', { name })}
        icon={<ContentCopy fontSize="small" />}
        onClick={() => void run(() => templateCommands.clone(id), t('console.editors.templates.cloned'))}
      />
      {row.isArchived ? (
        <ActionIconButton
          label={t('console.editors.templates.unarchive', { name })}
          icon={<Unarchive fontSize="small" />}
          onClick={() =>
            void run(() => templateCommands.setArchived(id, false), t('console.editors.templates.unarchived'))
          }
        />
      ) : (
        <ActionIconButton
          label={t('console.editors.templates.archive', { name })}
          icon={<Archive fontSize="small" />}
          onClick={() =>
            void confirmThenRun(
              t('console.editors.templates.archiveConfirm', { name }),
              () => templateCommands.setArchived(id, true),
              t('console.editors.templates.archived'),
            )
          }
        />
      )}
      <ActionIconButton
        label={t('console.editors.templates.setActive', { name })}
        icon={<CheckCircle fontSize="small" />}
        onClick={() =>
          void run(
            () => templateCommands.setActive(list.groupId, id),
            t('console.editors.templates.activated'),
          )
        }
        disabled={row.isActive || row.isArchived}
      />
      <ActionIconButton
        label={t('console.editors.templates.export', { name })}
        icon={<FileDownload fontSize="small" />}
        onClick={() =>
          void templateCommands
            .exportJson(id)
            .then((json) => saveAsFile(json, `${row.name.replace(/[^\w-]+/g, '_')}.json`))
            .catch((e: Error) => notify(e.message, { type: 'error' }))
        }
      />
      <ActionIconButton
        label={t('console.editors.templates.delete', { name })}
        icon={<Delete fontSize="small" />}
        onClick={() =>
          void confirmThenRun(
            t('console.editors.templates.deleteConfirm', { name }),
            () => templateCommands.remove(id),
            t('console.editors.templates.deleted'),
          )
        }
      />
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
