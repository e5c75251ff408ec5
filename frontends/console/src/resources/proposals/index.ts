import ListAlt from '@mui/icons-material/ListAlt';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

/** the table, its bulk actions and filters load when the page is first opened (react-admin stays in the main chunk) */
const ProposalList = lazyPage(() => import('./components/ProposalList'), 'ProposalList');

/**
 * Proposals (`/console/Proposals`, the home of the officer and of the instrument scientist): the staff proposals
 * table of §2 with its bulk actions and the review modal; the scientist's lists getInstrumentScientistProposals
 * with the reviewer filter. Panels get their views with the issues that add their queries.
 */
export const proposals: ConsoleResource = {
  name: 'Proposals',
  label: 'console.menu.proposals',
  icon: ListAlt,
  roles: ['USER_OFFICER', 'INSTRUMENT_SCIENTIST'],
  list: ProposalList,
};
