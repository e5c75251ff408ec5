import Flag from '@mui/icons-material/Flag';
import { FeatureId } from '@user-office/contracts';
import type { ConsoleResource } from '../../app/registry';
import {
  statusCreatePage,
  statusEditPage,
  statusListPage,
  type StatusPageDefinition,
} from './components/StatusPages';
import './translations';

const PAGES: (StatusPageDefinition & { feature?: FeatureId })[] = [
  { name: 'ProposalStatuses', entityType: 'PROPOSAL', titleKey: 'proposalTitle' },
  // experiment statuses serve the experiment workflows, behind the experiment safety review feature (§2)
  {
    name: 'ExperimentStatuses',
    entityType: 'EXPERIMENT',
    titleKey: 'experimentTitle',
    feature: FeatureId.EXPERIMENT_SAFETY_REVIEW,
  },
];

/** /console/ProposalStatuses and /console/ExperimentStatuses (officer, menu group Settings). */
export const statusResources: ConsoleResource[] = PAGES.map((page) => ({
  name: page.name,
  label: `console.statuses.${page.titleKey}`,
  icon: Flag,
  roles: ['USER_OFFICER'],
  group: 'settings',
  feature: page.feature,
  list: statusListPage(page),
  create: statusCreatePage(page),
  edit: statusEditPage(page),
}));
