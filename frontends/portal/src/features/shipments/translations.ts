import { i18n } from '@user-office/frontend-shared/i18n';
import shipments from './translation.en.json';

/** The shipment declaration screens' texts, under `shipments`. */
i18n.addResourceBundle('en', 'translation', { shipments }, true, false);
