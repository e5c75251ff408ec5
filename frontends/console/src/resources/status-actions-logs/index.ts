import History from '@mui/icons-material/History';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const StatusActionsLogList = lazyPage(
  () => import('./components/StatusActionsLogList'),
  'StatusActionsLogList',
);

/** Status actions logs (`/console/StatusActionsLogs`, officer): all / successful / failed, search, replay. */
export const statusActionsLogs: ConsoleResource = {
  name: 'StatusActionsLogs',
  label: 'console.statusActionsLogs.title',
  icon: History,
  roles: ['USER_OFFICER'],
  list: StatusActionsLogList,
};
