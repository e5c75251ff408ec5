import { i18n } from '@user-office/frontend-shared/i18n';
import shipments from './translation.en.json';

/** The shipments list and page, under `console.shipments`. */
i18n.addResourceBundle('en', 'translation', { console: { shipments } }, true, false);
