import CalendarMonth from '@mui/icons-material/CalendarMonth';
import EventNote from '@mui/icons-material/EventNote';
import { FeatureId } from '@user-office/contracts';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const ExperimentList = lazyPage(() => import('./components/ExperimentList'), 'ExperimentList');
const ExperimentTimes = lazyPage(() => import('./components/ExperimentTimes'), 'ExperimentTimes');

/**
 * Experiments (`/console/ExperimentPage`, officers, SCHEDULER): the table of experiments with its filters, and
 * the create, edit and delete dialogs.
 */
export const experiments: ConsoleResource = {
  name: 'ExperimentPage',
  label: 'console.experiments.title',
  icon: EventNote,
  roles: ['USER_OFFICER'],
  feature: FeatureId.SCHEDULER,
  list: ExperimentList,
};

/**
 * The timeline (`/console/ExperimentTimes`, SCHEDULER): officers and instrument scientists (theirs only, as the
 * api answers) move, resize and schedule experiments of one instrument, beside the call's time summary.
 */
export const experimentTimes: ConsoleResource = {
  name: 'ExperimentTimes',
  label: 'console.experiments.timesTitle',
  icon: CalendarMonth,
  roles: ['USER_OFFICER', 'INSTRUMENT_SCIENTIST'],
  feature: FeatureId.SCHEDULER,
  list: ExperimentTimes,
};
