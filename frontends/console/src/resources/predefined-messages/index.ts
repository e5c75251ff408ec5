import Message from '@mui/icons-material/Message';
import type { ConsoleResource } from '../../app/registry';
import { PredefinedMessageList } from './components/PredefinedMessageList';

/** Predefined messages (`/console/PredefinedMessages`, officer; Settings group). */
export const predefinedMessages: ConsoleResource = {
  name: 'PredefinedMessages',
  label: 'console.predefinedMessages.title',
  icon: Message,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: PredefinedMessageList,
};
