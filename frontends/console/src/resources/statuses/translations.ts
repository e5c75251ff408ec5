import { i18n } from '@user-office/frontend-shared/i18n';
import statuses from './translation.en.json';

/** The statuses pages' texts, merged under `console.statuses` of the shared translations (kept beside them). */
i18n.addResourceBundle('en', 'translation', { console: { statuses } }, true, false);
