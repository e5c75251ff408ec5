import { registerEvents } from './catalogue';
import { SETTINGS_EVENTS } from './settings.events';

export * from './catalogue';
export * from './settings.events';

registerEvents(...SETTINGS_EVENTS);
export * from './users.events';
export * from './auth.events';
export * from './institutions.events';
export * from './api-access-tokens.events';
export * from './page-content.events';
export * from './predefined-messages.events';
export * from './units.events';
export * from './templates.events';
export * from './questionaries.events';
export * from './calls.events';
export * from './proposals.events';
export * from './files.events';
export * from './workflows.events';
export * from './sub-templates.events';
export * from './status-actions.events';
export * from './demo-seed.events';
export * from './internal-reviews.events';
export * from './proposal-scientist-comments.events';
export * from './technical-reviews.events';
export * from './instruments.events';
export * from './experiments.events';
export * from './experiment-safety.events';
