import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { updateUserRolesSchema } from '@user-office/contracts';
import { Loading, Title, useDataProvider, useGetList, useGetOne, useNotify, useRedirect } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { nameOf } from './PeopleList';

interface RoleRow {
  id: number;
  shortCode: string;
  title: string;
  description: string;
}

interface Person {
  id: number;
  firstname: string;
  lastname: string;
  preferredname?: string | null;
  email: string;
  roles: { id: number }[];
}

/** The first message of the contracts' updateUserRoles schema, or null. */
export function rolesError(id: number, roles: number[]): string | null {
  try {
    updateUserRolesSchema.validateSync({ id, roles });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** `/console/People/{id}`: the person and the roles editor (updateUserRoles; at least one role). */
export function PersonRoles() {
  const { t } = useTranslation();
  const { id } = useParams();
  const userId = Number(id);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: person, error, isPending } = useGetOne<Person>('People', { id: userId });
  const { data: roles = [] } = useGetList<RoleRow>('Roles', { pagination: { page: 1, perPage: 100 } });
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (person) setChosen(person.roles.map((r) => r.id));
  }, [person]);

  if (isPending) return <Loading />;
  if (error || !person) return <Alert severity="error">{(error as Error | null)?.message ?? ''}</Alert>;
  const name = nameOf(person);
  const save = async () => {
    const message = rolesError(userId, chosen);
    setProblem(message);
    if (message) return;
    try {
      await dataProvider.updateUserRoles(userId, chosen);
      notify(t('console.people.rolesSaved'), { type: 'success' });
      redirect('list', 'People');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Title title={t('console.people.rolesTitle', { name })} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.people.rolesTitle', { name })}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {person.email}
      </Typography>
      <FormControl component="fieldset" error={problem !== null} sx={{ mt: 2 }}>
        <FormLabel component="legend">{t('account.role')}</FormLabel>
        <FormGroup>
          {roles.map((role) => (
            <FormControlLabel
              key={role.id}
              label={role.title}
              control={
                <Checkbox
                  checked={chosen.includes(role.id)}
                  onChange={(e) =>
                    setChosen((current) =>
                      e.target.checked ? [...current, role.id] : current.filter((r) => r !== role.id),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {problem ? <FormHelperText role="alert">{problem}</FormHelperText> : null}
      </FormControl>
      <Box sx={{ mt: 2 }}>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => void save()}>
            {t('console.common.save')}
          </Button>
          <Button onClick={() => redirect('list', 'People')}>{t('console.common.cancel')}</Button>
        </Stack>
      </Box>
    </Paper>
  );
}
