import { i18n } from '@user-office/frontend-shared/i18n';
import editors from './translation.en.json';

/**
 * The editors' texts, merged under `console.editors` of the shared translations (kept beside the editors so that
 * the console's parts do not all edit one file at once).
 */
i18n.addResourceBundle('en', 'translation', { console: { editors } }, true, false);
