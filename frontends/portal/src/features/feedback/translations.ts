import { i18n } from '@user-office/frontend-shared/i18n';
import feedback from './translation.en.json';

/** The feedback pages' texts, under `feedback` (a bundle of the feature: merged when the feature loads). */
i18n.addResourceBundle('en', 'translation', { feedback }, true, false);
