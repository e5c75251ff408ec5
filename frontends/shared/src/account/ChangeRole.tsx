import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountRolesDocument, AccountSelectRoleDocument, type AccountRolesQuery } from '../gql/graphql';
import { request } from '../api/graphql-client';
import { appOfRole, type AppName } from '../apps';
import { useCurrentSession, useSession } from '../session';
import { goHome } from './use-account';

type RoleRow = AccountRolesQuery['getMyRoles'][number];

/**
 * /ChangeRole: the user's roles; selecting one shows 'Changing role...' and starts over with the new token, on the
 * new role's home in its app (`app` is the app showing this page: a role of the other app loads that app).
 */
export function ChangeRole({ app = 'portal' }: { app?: AppName }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const { login } = useSession();
  const navigate = useNavigate();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    request(AccountRolesDocument)
      .then((d) => setRoles(d.getMyRoles))
      .catch((e: Error) => setError(e.message));
  }, []);

  const select = async (role: RoleRow) => {
    setChanging(true);
    try {
      const d = await request(AccountSelectRoleDocument, { token: session.token, selectedRoleId: role.id });
      const next = login(d.selectRole);
      sessionStorage.setItem('flash', t('app.userRoleChanged'));
      goHome(next.currentRole, app, navigate);
      // the other app is loading: keep 'Changing role...' (a `finally` would have hidden it before the load)
      if (appOfRole(next.currentRole) !== app) return;
      setChanging(false);
    } catch (e) {
      setError((e as Error).message);
      setChanging(false);
    }
  };

  if (changing) {
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <CircularProgress aria-label={t('app.changingRole')} />
        <Typography sx={{ mt: 2 }}>{t('app.changingRole')}</Typography>
      </Box>
    );
  }
  return (
    <Paper sx={{ p: 3 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('account.changeRole')}
      </Typography>
      {error ? (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      ) : null}
      {roles === null ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('account.role')}</TableCell>
              <TableCell>{t('account.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {roles.map((role) => {
              const current = role.shortCode === session.currentRole;
              return (
                <TableRow key={role.id}>
                  <TableCell>{role.title}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant={current ? 'outlined' : 'contained'}
                      disabled={current}
                      onClick={() => void select(role)}
                    >
                      {current ? t('account.inUse') : t('account.use')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
