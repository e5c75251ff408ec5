import { useState, type ReactNode } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Snackbar,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AddBox from '@mui/icons-material/AddBox';
import Dashboard from '@mui/icons-material/Dashboard';
import Help from '@mui/icons-material/Help';
import MenuIcon from '@mui/icons-material/Menu';
import Person from '@mui/icons-material/Person';
import Schedule from '@mui/icons-material/Schedule';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PageContent } from '@user-office/frontend-shared/components';
import { useAccountMenu } from '@user-office/frontend-shared/account';
import { useSettings } from '@user-office/frontend-shared/settings';
import { IdleWarning, useCurrentSession } from '@user-office/frontend-shared/session';
import { DownloadsPanel } from '@user-office/frontend-shared/downloads';
import { DRAWER_COLLAPSE_QUERY, DRAWER_WIDTH } from '@user-office/frontend-shared/theme';

const DRAWER_KEY = 'drawerOpen';

interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The side menu by role (§2); staff entries arrive with the console and later issues. */
function menuFor(
  role: string,
  features: { userManagement: boolean; scheduler: boolean },
  userId: number,
  t: (k: string) => string,
): MenuEntry[] {
  const userManagement = features.userManagement;
  const entries: MenuEntry[] = [{ to: '/', label: t('menu.dashboard'), icon: <Dashboard /> }];
  if (role === 'USER')
    entries.push({ to: '/ProposalSelectType', label: t('menu.newProposal'), icon: <AddBox /> });
  // §6 USER: "experiment times" (§2: needs the scheduler; §9: the next 30 days)
  if (role === 'USER' && features.scheduler)
    entries.push({ to: '/ExperimentTimes', label: t('menu.experimentTimes'), icon: <Schedule /> });
  if (userManagement)
    entries.push({ to: `/ProfilePage/${userId}`, label: t('menu.profile'), icon: <Person /> });
  entries.push({ to: '/ChangeRole', label: t('menu.roles'), icon: <SupervisorAccount /> });
  entries.push({ to: '/HelpPage', label: t('menu.help'), icon: <Help /> });
  return entries;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useCurrentSession();
  const navigate = useNavigate();
  const location = useLocation();
  const account = useAccountMenu('portal', navigate);
  const wide = useMediaQuery(DRAWER_COLLAPSE_QUERY);
  const [open, setOpen] = useState<boolean>(() => localStorage.getItem(DRAWER_KEY) !== 'false');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // a message carried over a navigation (e.g. "User role changed!")
  const [flash, setFlash] = useState<string | null>(() => {
    const message = sessionStorage.getItem('flash');
    sessionStorage.removeItem('flash');
    return message;
  });

  const drawerOpen = wide && open;
  const toggle = () => {
    const next = !drawerOpen;
    setOpen(next);
    localStorage.setItem(DRAWER_KEY, String(next));
  };

  const doLogout = async () => {
    setAnchor(null);
    await account.logout();
  };

  const unimpersonate = async () => {
    setAnchor(null);
    await account.unimpersonate();
  };

  const entries = menuFor(
    session.currentRole,
    { userManagement: settings.isEnabled('USER_MANAGEMENT'), scheduler: settings.isEnabled('SCHEDULER') },
    session.userId,
    t,
  );
  const logo = settings.value('HEADER_LOGO_FILENAME');

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={drawerOpen ? t('app.closeMenu') : t('app.openMenu')}
            onClick={toggle}
            sx={{ mr: 2 }}
          >
            <MenuIcon />
          </IconButton>
          {logo ? <Box component="img" src={`/images/${logo}`} alt="" sx={{ height: 36, mr: 2 }} /> : null}
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            {t('app.title')}
          </Typography>
          <Typography data-testid="logged-in-as" sx={{ mr: 1 }}>
            {account.loggedInAs}
          </Typography>
          <IconButton
            color="inherit"
            aria-label={t('app.accountMenu')}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <AccountCircle />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem component={RouterLink} to="/ChangeRole" onClick={() => setAnchor(null)}>
              {t('app.roles')}
            </MenuItem>
            {account.impersonating ? (
              <MenuItem onClick={() => void unimpersonate()}>{t('app.unimpersonate')}</MenuItem>
            ) : null}
            <MenuItem onClick={() => void doLogout()}>{t('app.logout')}</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        open={drawerOpen}
        sx={{
          width: drawerOpen ? DRAWER_WIDTH : 64,
          flexShrink: 0,
          '& .MuiDrawer-paper': {
            width: drawerOpen ? DRAWER_WIDTH : 64,
            overflowX: 'hidden',
            boxSizing: 'border-box',
          },
        }}
      >
        <Toolbar />
        <Box component="nav" aria-label="Main menu">
          <List>
            {entries.map((e) => (
              <ListItem key={e.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={e.to}
                  selected={location.pathname === e.to}
                  aria-label={drawerOpen ? undefined : e.label}
                >
                  <ListItemIcon>{e.icon}</ListItemIcon>
                  {drawerOpen ? <ListItemText primary={e.label} /> : null}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        <Divider />
      </Drawer>
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: 3 }}>
          {session.currentRole !== 'INSTRUMENT_SCIENTIST' ? <PageContent pageId="HOMEPAGE" /> : null}
          {children}
        </Box>
        <Box component="footer" sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'center' }}>
          {settings.value('DISPLAY_PRIVACY_STATEMENT_LINK') === 'true' ? (
            <Link component={RouterLink} to="/PrivacyStatement">
              {t('app.privacyStatement')}
            </Link>
          ) : null}
          {settings.value('DISPLAY_FAQ_LINK') === 'true' ? (
            <Link component={RouterLink} to="/HelpPage">
              {t('app.faq')}
            </Link>
          ) : null}
        </Box>
      </Box>
      <Snackbar open={flash !== null} autoHideDuration={6000} onClose={() => setFlash(null)}>
        <Alert severity="success" onClose={() => setFlash(null)}>
          {flash}
        </Alert>
      </Snackbar>
      <IdleWarning />
      <DownloadsPanel />
    </Box>
  );
}
