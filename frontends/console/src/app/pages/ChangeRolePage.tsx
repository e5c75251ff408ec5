import { Box } from '@mui/material';
import { ChangeRole } from '@user-office/frontend-shared/account';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';

/** /console/ChangeRole: the shared Roles page; a user role is taken to the portal. */
export function ChangeRolePage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('account.changeRole')} />
      <ChangeRole app="console" />
    </Box>
  );
}
