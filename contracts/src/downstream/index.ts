export * from './compatible-messages';
