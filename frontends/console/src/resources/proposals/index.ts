import ListAlt from '@mui/icons-material/ListAlt';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

/** the table, its bulk actions and filters load when the page is first opened (react-admin stays in the main chunk) */
const ProposalList = lazyPage(() => import('./components/ProposalList'), 'ProposalList');

/**
 * Proposals (`/console/Proposals`, the officer's home): the staff proposals table of §2 with its bulk actions and
 * the review modal. Instrument scientists and panels get their views with the issues that add their queries.
 */
export const proposals: ConsoleResource = {
  name: 'Proposals',
  label: 'console.menu.proposals',
  icon: ListAlt,
  roles: ['USER_OFFICER'],
  list: ProposalList,
};
