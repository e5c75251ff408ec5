import { useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import PersonAdd from '@mui/icons-material/PersonAdd';
import SwitchAccount from '@mui/icons-material/SwitchAccount';
import { goHome } from '@user-office/frontend-shared/account';
import { useSession } from '@user-office/frontend-shared/session';
import { useDateFormat, useSettings } from '@user-office/frontend-shared/settings';
import {
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useGetList,
  useNotify,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { ConfirmIconButton } from '../../../components/ConfirmButton';
import { InviteDialog } from './InviteDialog';

/** §9: table search debounce. */
const SEARCH_DEBOUNCE_MS = 400;

export interface PersonRow {
  id: number;
  firstname: string;
  lastname: string;
  preferredname?: string | null;
  email?: string | null;
  placeholder: boolean;
  created: string;
}

export const nameOf = (p: Pick<PersonRow, 'firstname' | 'lastname' | 'preferredname'>): string =>
  `${p.preferredname || p.firstname} ${p.lastname}`.trim();

/** getTokenForUser, then the impersonated user's home (the portal for the user role). */
function ImpersonateButton({ person }: { person: PersonRow }) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { login } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const name = nameOf(person);
  return (
    <ConfirmIconButton
      label={t('console.people.impersonateLabel', { name })}
      icon={<SwitchAccount fontSize="small" />}
      title={t('console.people.impersonateTitle', { name })}
      content={t('console.people.impersonateConfirm', { name })}
      onConfirm={async () => {
        try {
          const next = login(await dataProvider.impersonate(person.id));
          goHome(next.currentRole, 'console', navigate);
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    />
  );
}

function PeopleActions() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      {settings.isEnabled('EMAIL_INVITE') ? (
        <Button startIcon={<PersonAdd />} onClick={() => setOpen(true)}>
          {t('console.people.invite')}
        </Button>
      ) : null}
      <InviteDialog open={open} onClose={() => setOpen(false)} />
    </TopToolbar>
  );
}

/**
 * People (`/console/People`, officer): search (3 characters or more) and role filter; per person the roles editor
 * (`/console/People/{id}`), impersonation and delete; invitation by e-mail with the email-invite feature.
 */
export function PeopleList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const { data: roles = [] } = useGetList('Roles', { pagination: { page: 1, perPage: 100 } });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('console.people.search')} />,
    <SelectInput
      key="userRole"
      source="userRole"
      label={t('console.people.role')}
      alwaysOn
      choices={roles.map((r: { shortCode: string; title: string }) => ({ id: r.shortCode, name: r.title }))}
    />,
  ];
  return (
    <List
      resource="People"
      title={t('console.people.title')}
      filters={filters}
      debounce={SEARCH_DEBOUNCE_MS}
      actions={<PeopleActions />}
      sort={{ field: 'lastname', order: 'ASC' }}
      empty={false}
      storeKey="People.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label={t('console.people.columns.id')} />
        <TextField source="firstname" label={t('console.people.columns.firstname')} />
        <TextField source="lastname" label={t('console.people.columns.lastname')} />
        <FunctionField
          source="email"
          label={t('console.people.columns.email')}
          render={(r: PersonRow) =>
            r.placeholder ? `${r.email ?? ''} (${t('console.people.invited')})` : r.email
          }
        />
        <FunctionField
          source="created"
          label={t('console.people.columns.created')}
          render={(r: PersonRow) => dates.date(r.created)}
        />
        <FunctionField
          label={t('console.common.actions')}
          render={(r: PersonRow) => (
            <>
              <Tooltip title={t('console.people.rolesLabel', { name: nameOf(r) })}>
                <IconButton
                  size="small"
                  aria-label={t('console.people.rolesLabel', { name: nameOf(r) })}
                  onClick={() => navigate(`/People/${r.id}`)}
                >
                  <ManageAccounts fontSize="small" />
                </IconButton>
              </Tooltip>
              <ImpersonateButton person={r} />
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                label=""
                aria-label={t('console.people.deleteLabel', { name: nameOf(r) })}
                confirmTitle={t('console.common.deleteConfirmTitle', { name: nameOf(r) })}
                confirmContent={t('console.common.deleteConfirm', { name: nameOf(r) })}
              />
            </>
          )}
        />
      </Datagrid>
    </List>
  );
}
