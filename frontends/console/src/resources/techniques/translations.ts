import { i18n } from '@user-office/frontend-shared/i18n';
import techniques from './translation.en.json';

/** The technique pages' texts, under `console.techniques`. */
i18n.addResourceBundle('en', 'translation', { console: { techniques } }, true, false);
