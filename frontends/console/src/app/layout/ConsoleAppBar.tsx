import { forwardRef } from 'react';
import { Box, ListItemText, MenuItem, Typography } from '@mui/material';
import { useAccountMenu } from '@user-office/frontend-shared/account';
import { useSettings } from '@user-office/frontend-shared/settings';
import { AppBar, TitlePortal, UserMenu, useUserMenu } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type Account = ReturnType<typeof useAccountMenu>;

const RolesItem = forwardRef<HTMLLIElement>(function RolesItem(_props, ref) {
  const { t } = useTranslation();
  const menu = useUserMenu();
  const navigate = useNavigate();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        menu?.onClose();
        navigate('/ChangeRole');
      }}
    >
      <ListItemText>{t('app.roles')}</ListItemText>
    </MenuItem>
  );
});

const ActionItem = forwardRef<HTMLLIElement, { label: string; action(): Promise<void> }>(function ActionItem(
  { label, action },
  ref,
) {
  const menu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        menu?.onClose();
        void action();
      }}
    >
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

function AccountMenu({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <UserMenu label={t('app.accountMenu')}>
      <RolesItem />
      {account.impersonating ? (
        <ActionItem label={t('app.unimpersonate')} action={account.unimpersonate} />
      ) : null}
      <ActionItem label={t('app.logout')} action={account.logout} />
    </UserMenu>
  );
}

/**
 * The header (§2), as the portal's: the institution logo, the page title, "Logged in as {email}" (the role in
 * brackets when several) and the account menu: Roles, Un-impersonate (when impersonating), Logout.
 */
export function ConsoleAppBar() {
  const settings = useSettings();
  const navigate = useNavigate();
  const account = useAccountMenu('console', navigate);
  const logo = settings.value('HEADER_LOGO_FILENAME');
  return (
    <AppBar color="primary" userMenu={<AccountMenu account={account} />}>
      {logo ? <Box component="img" src={`/images/${logo}`} alt="" sx={{ height: 32, mr: 2 }} /> : null}
      <TitlePortal />
      <Typography data-testid="logged-in-as" sx={{ mr: 1 }}>
        {account.loggedInAs}
      </Typography>
    </AppBar>
  );
}
