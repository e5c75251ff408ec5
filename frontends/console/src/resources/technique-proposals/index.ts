import Biotech from '@mui/icons-material/Biotech';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const TechniqueProposalList = lazyPage(
  () => import('./components/TechniqueProposalList'),
  'TechniqueProposalList',
);

/**
 * Technique proposals (§2 `/console/TechniqueProposals`): officers and instrument scientists, with the
 * TECHNIQUE_PROPOSALS feature (§6).
 */
export const techniqueProposals: ConsoleResource = {
  name: 'TechniqueProposals',
  label: 'console.menu.techniqueProposals',
  icon: Biotech,
  roles: ['USER_OFFICER', 'INSTRUMENT_SCIENTIST'],
  feature: 'TECHNIQUE_PROPOSALS',
  list: TechniqueProposalList,
};
