export { ExperimentSafetyPage } from './components/ExperimentSafetyPage';
export { ExperimentTimes } from './components/ExperimentTimes';
export { UpcomingExperiments } from './components/UpcomingExperiments';
