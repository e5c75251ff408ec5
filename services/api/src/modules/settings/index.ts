export { SettingsModule } from './settings.module';
export { SettingsRepository } from './read-models/settings/settings.repository';
