import { i18n } from '@user-office/frontend-shared/i18n';
import instruments from './translation.en.json';

/** The instrument pages' texts (and the call's Instruments section), under `console.instruments`. */
i18n.addResourceBundle('en', 'translation', { console: { instruments } }, true, false);
