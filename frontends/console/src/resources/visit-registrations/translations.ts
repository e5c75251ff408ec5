import { i18n } from '@user-office/frontend-shared/i18n';
import visitRegistrations from './translation.en.json';

/** The user office's visit registrations list, under `console.visitRegistrations`. */
i18n.addResourceBundle('en', 'translation', { console: { visitRegistrations } }, true, false);
