import Outbox from '@mui/icons-material/Outbox';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const DownstreamMessageList = lazyPage(
  () => import('./components/DownstreamMessageList'),
  'DownstreamMessageList',
);

/**
 * Downstream messages (`/console/DownstreamMessages`, officer): the compatible RabbitMQ messages owed without a
 * status action (the deletions, the feed) with their outcome, beside the status actions logs.
 */
export const downstreamMessages: ConsoleResource = {
  name: 'DownstreamMessages',
  label: 'console.downstreamMessages.title',
  icon: Outbox,
  roles: ['USER_OFFICER'],
  list: DownstreamMessageList,
};
