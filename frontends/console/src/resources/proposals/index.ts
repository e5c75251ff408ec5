import ListAlt from '@mui/icons-material/ListAlt';
import type { ConsoleResource } from '../../app/registry';
import { ProposalList } from './components/ProposalList';

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
