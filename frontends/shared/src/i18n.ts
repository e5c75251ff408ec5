import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// The same file is served at /locales/en/translation.json (§7 "Translations load from /locales/{lng}/translation.json").
import en from '../locales/en/translation.json';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
