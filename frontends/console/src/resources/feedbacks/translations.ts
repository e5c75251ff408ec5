import { i18n } from '@user-office/frontend-shared/i18n';
import feedbacks from './translation.en.json';

/** The feedback list and read page, under `console.feedbacks`. */
i18n.addResourceBundle('en', 'translation', { console: { feedbacks } }, true, false);
