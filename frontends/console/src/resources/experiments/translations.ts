import { i18n } from '@user-office/frontend-shared/i18n';
import experiments from './translation.en.json';

/** The experiment pages' texts (the table and the timeline), under `console.experiments`. */
i18n.addResourceBundle('en', 'translation', { console: { experiments } }, true, false);
