import { i18n } from '@user-office/frontend-shared/i18n';
import workflows from './translation.en.json';

/** The workflow pages' texts, merged under `console.workflows` of the shared translations. */
i18n.addResourceBundle('en', 'translation', { console: { workflows } }, true, false);
