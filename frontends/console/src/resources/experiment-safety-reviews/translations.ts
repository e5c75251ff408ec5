import { i18n } from '@user-office/frontend-shared/i18n';
import safetyReview from './translation.en.json';

/** The experiment safety review's queue and page, under `console.safetyReview`. */
i18n.addResourceBundle('en', 'translation', { console: { safetyReview } }, true, false);
