import { registerEvents } from './catalogue';
import { SETTINGS_EVENTS } from './settings.events';

export * from './catalogue';
export * from './settings.events';

registerEvents(...SETTINGS_EVENTS);
