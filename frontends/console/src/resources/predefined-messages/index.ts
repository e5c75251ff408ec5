import Message from '@mui/icons-material/Message';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const PredefinedMessageList = lazyPage(
  () => import('./components/PredefinedMessageList'),
  'PredefinedMessageList',
);

/** Predefined messages (`/console/PredefinedMessages`, officer; Settings group). */
export const predefinedMessages: ConsoleResource = {
  name: 'PredefinedMessages',
  label: 'console.predefinedMessages.title',
  icon: Message,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: PredefinedMessageList,
};
