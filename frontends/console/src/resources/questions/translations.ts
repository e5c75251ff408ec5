import { i18n } from '@user-office/frontend-shared/i18n';
import questions from './translation.en.json';

/** The /Questions texts, merged under `console.questions` of the shared translations (kept beside the page). */
i18n.addResourceBundle('en', 'translation', { console: { questions } }, true, false);
