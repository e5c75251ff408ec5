import type { ConsoleResource } from '../app/registry';
import { proposals } from './proposals';
import { templateResources } from './templates';
import { workflowResources } from './workflows';

/**
 * Every resource of the console, in menu order. A later part (Calls, Status actions logs, People, …) adds its
 * folder and its entry here; the menu, the routes and the role/feature checks follow.
 */
export const consoleResources: ConsoleResource[] = [proposals, ...templateResources, ...workflowResources];
