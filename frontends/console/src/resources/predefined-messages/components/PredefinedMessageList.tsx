import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField as MuiTextField,
  Tooltip,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { createPredefinedMessageSchema, PredefinedMessageKey } from '@user-office/contracts';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useFormik } from 'formik';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCreate,
  useDelete,
  useListContext,
  useNotify,
  useUpdate,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConfirmIconButton } from '../../../components/ConfirmButton';

export interface MessageRow {
  id: number;
  title: string;
  message: string;
  key: PredefinedMessageKey;
  dateModified: string;
}

interface MessageValues {
  title: string;
  message: string;
  key: PredefinedMessageKey;
}

/**
 * Create or edit a predefined message: title and message required (§5, the contracts' schema); "Message created
 * successfully" / "Message changes saved successfully" (§8).
 */
export function MessageDialog({
  message,
  defaultKey,
  onClose,
}: {
  message: MessageRow | null;
  defaultKey: PredefinedMessageKey;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  const form = useFormik<MessageValues>({
    initialValues: message
      ? { title: message.title, message: message.message, key: message.key }
      : { title: '', message: '', key: defaultKey },
    validationSchema: createPredefinedMessageSchema,
    onSubmit: (values) =>
      new Promise<void>((resolve) => {
        const options = {
          onSuccess: () => {
            notify(t(message ? 'console.predefinedMessages.saved' : 'console.predefinedMessages.created'), {
              type: 'success',
            });
            resolve();
            onClose();
          },
          onError: (e: unknown) => {
            notify((e as Error).message, { type: 'error' });
            resolve();
          },
        };
        if (message)
          update(
            'PredefinedMessages',
            { id: message.id, data: values, previousData: message },
            { mutationMode: 'pessimistic', ...options },
          );
        else create('PredefinedMessages', { data: values }, options);
      }),
  });
  const field = (name: keyof MessageValues) => ({
    id: `predefined-message-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(form.touched[name] && form.errors[name]),
    helperText: form.touched[name] ? form.errors[name] : undefined,
  });
  const title = t(
    message ? 'console.predefinedMessages.editTitle' : 'console.predefinedMessages.createTitle',
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="predefined-message-title">
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogTitle id="predefined-message-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <MuiTextField {...field('title')} label={t('console.predefinedMessages.fields.title')} required />
            <MuiTextField
              {...field('message')}
              label={t('console.predefinedMessages.fields.message')}
              required
              multiline
              minRows={4}
            />
            <MuiTextField {...field('key')} select label={t('console.predefinedMessages.fields.key')}>
              {Object.values(PredefinedMessageKey).map((key) => (
                <MenuItem key={key} value={key}>
                  {t(`console.predefinedMessages.keys.${key}`)}
                </MenuItem>
              ))}
            </MuiTextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('console.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {t('console.common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteMessageButton({ message }: { message: MessageRow }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [remove] = useDelete();
  return (
    <ConfirmIconButton
      label={t('console.predefinedMessages.deleteLabel', { title: message.title })}
      icon={<Delete fontSize="small" />}
      title={t('console.common.deleteConfirmTitle', { name: message.title })}
      content={t('console.common.deleteConfirm', { name: message.title })}
      onConfirm={() =>
        new Promise<void>((resolve) =>
          remove(
            'PredefinedMessages',
            { id: message.id, previousData: message },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                notify(t('console.predefinedMessages.deleted'), { type: 'success' });
                resolve();
              },
              onError: (e) => {
                notify((e as Error).message, { type: 'error' });
                resolve();
              },
            },
          ),
        )
      }
    />
  );
}

function MessageActions({ onCreate }: { onCreate(): void }) {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <Button startIcon={<Add />} onClick={onCreate}>
        {t('console.predefinedMessages.createTitle')}
      </Button>
    </TopToolbar>
  );
}

function MessageGrid({ onEdit }: { onEdit(message: MessageRow): void }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <TextField source="title" label={t('console.predefinedMessages.columns.title')} />
      <TextField source="message" label={t('console.predefinedMessages.columns.message')} />
      <FunctionField
        source="dateModified"
        label={t('console.predefinedMessages.columns.dateModified')}
        render={(r: MessageRow) => dates.dateTime(r.dateModified)}
      />
      <FunctionField
        label={t('console.common.actions')}
        render={(r: MessageRow) => (
          <>
            <Tooltip title={t('console.predefinedMessages.editLabel', { title: r.title })}>
              <IconButton
                size="small"
                aria-label={t('console.predefinedMessages.editLabel', { title: r.title })}
                onClick={() => onEdit(r)}
              >
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
            <DeleteMessageButton message={r} />
          </>
        )}
      />
    </Datagrid>
  );
}

/** The dialog, given the key the list shows (a new message takes it). */
function MessageDialogOfList({ editing, onClose }: { editing: MessageRow | 'new'; onClose(): void }) {
  const { filterValues } = useListContext();
  const key = (filterValues.key as PredefinedMessageKey | undefined) ?? PredefinedMessageKey.general;
  return <MessageDialog message={editing === 'new' ? null : editing} defaultKey={key} onClose={onClose} />;
}

/**
 * Predefined messages (`/console/PredefinedMessages`, officer): the messages of one key (general, manager, user),
 * searched; create, edit and delete with the §8 success texts.
 */
export function PredefinedMessageList() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MessageRow | 'new' | null>(null);
  const filters = [
    <SelectInput
      key="key"
      source="key"
      label={t('console.predefinedMessages.fields.key')}
      alwaysOn
      emptyValue={PredefinedMessageKey.general}
      choices={Object.values(PredefinedMessageKey).map((k) => ({
        id: k,
        name: t(`console.predefinedMessages.keys.${k}`),
      }))}
    />,
    <SearchInput key="q" source="q" alwaysOn placeholder={t('console.common.search')} />,
  ];
  return (
    <List
      resource="PredefinedMessages"
      title={t('console.predefinedMessages.title')}
      filters={filters}
      filterDefaultValues={{ key: PredefinedMessageKey.general }}
      actions={<MessageActions onCreate={() => setEditing('new')} />}
      sort={{ field: 'title', order: 'ASC' }}
      empty={false}
      storeKey="PredefinedMessages.list"
    >
      <MessageGrid onEdit={setEditing} />
      {editing ? <MessageDialogOfList editing={editing} onClose={() => setEditing(null)} /> : null}
    </List>
  );
}
