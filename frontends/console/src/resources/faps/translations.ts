import { i18n } from '@user-office/frontend-shared/i18n';
import faps from './translation.en.json';

/** The FAP pages' texts (list, form, FapPage tabs, assignment preview, meeting view), under `console.faps`. */
i18n.addResourceBundle('en', 'translation', { console: { faps } }, true, false);
