import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * react-admin's own texts (pagination, bulk selection, …) in English; every text of §8 and of the console's
 * screens comes from the shared translations (react-i18next).
 */
export const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', { allowMissing: true });
