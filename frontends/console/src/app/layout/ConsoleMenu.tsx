import { Box, Divider, ListSubheader } from '@mui/material';
import Dashboard from '@mui/icons-material/Dashboard';
import Help from '@mui/icons-material/Help';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { Menu } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { consoleResources } from '../../resources';
import { homeResourceOf, isVisible, type ConsoleResource, type MenuGroup } from '../registry';

const GROUPS: MenuGroup[] = ['settings', 'templates', 'esi'];

/** The resources of the side menu for this role and these features (§2, §6). */
export function useVisibleResources(): ConsoleResource[] {
  const session = useCurrentSession();
  const settings = useSettings();
  return consoleResources.filter((r) =>
    isVisible(r, { role: session.currentRole, isEnabled: (f) => settings.isEnabled(f) }),
  );
}

/**
 * The side menu by role and feature (§2, §6): the role's resources, the officer's groups Settings, Templates and
 * ESI (each shown once it has an entry), then Roles and Help.
 */
export function ConsoleMenu() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const resources = useVisibleResources();
  const item = (r: ConsoleResource) => {
    const Icon = r.icon;
    return <Menu.Item key={r.name} to={`/${r.name}`} primaryText={t(r.label)} leftIcon={<Icon />} />;
  };
  return (
    <Menu aria-label={t('console.menu.label')}>
      {homeResourceOf(session.currentRole) === null ? (
        <Menu.Item to="/" primaryText={t('menu.dashboard')} leftIcon={<Dashboard />} />
      ) : null}
      {resources.filter((r) => !r.group).map(item)}
      {GROUPS.map((group) => {
        const entries = resources.filter((r) => r.group === group);
        if (entries.length === 0) return null;
        return (
          // a labelled group of menu items (a nested list inside the menu would break its ARIA roles)
          <Box key={group} role="group" aria-labelledby={`menu-group-${group}`}>
            <ListSubheader id={`menu-group-${group}`} component="div" disableSticky>
              {t(`console.menu.groups.${group}`)}
            </ListSubheader>
            {entries.map(item)}
          </Box>
        );
      })}
      <Divider />
      <Menu.Item to="/ChangeRole" primaryText={t('menu.roles')} leftIcon={<SupervisorAccount />} />
      <Menu.Item to="/HelpPage" primaryText={t('menu.help')} leftIcon={<Help />} />
    </Menu>
  );
}
