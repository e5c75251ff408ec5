import { Inject, Injectable } from '@nestjs/common';
import { FEATURE_DEFAULTS, FeatureId, SETTING_DEFAULTS, SettingsId } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

export interface SettingRow {
  id: SettingsId;
  settingsValue: string;
  description: string;
}

export interface FeatureRow {
  id: FeatureId;
  isEnabled: boolean;
  description: string;
}

/** Settings and features: the stored changes over the embedded defaults of contracts/. */
@Injectable()
export class SettingsRepository {
  /** values other modules compute for a setting left empty (e.g. the login URL from OpenID Connect discovery) */
  private readonly fallbacks = new Map<SettingsId, () => Promise<string | null>>();

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  setFallback(id: SettingsId, fallback: () => Promise<string | null>): void {
    this.fallbacks.set(id, fallback);
  }

  /** The settings as clients see them: an empty value with a fallback shows the fallback's value. */
  async effectiveSettings(): Promise<SettingRow[]> {
    return Promise.all(
      (await this.settings()).map(async (row) => {
        const fallback = this.fallbacks.get(row.id);
        if (row.settingsValue !== '' || !fallback) return row;
        return { ...row, settingsValue: (await fallback()) ?? '' };
      }),
    );
  }

  async settings(): Promise<SettingRow[]> {
    const stored = await this.sql.query<{
      settings_id: SettingsId;
      settings_value: string;
      description: string | null;
    }>('SELECT settings_id, settings_value, description FROM settings');
    const byId = new Map(stored.rows.map((r) => [r.settings_id, r]));
    return Object.values(SettingsId).map((id) => ({
      id,
      settingsValue: byId.get(id)?.settings_value ?? SETTING_DEFAULTS[id].value,
      description: byId.get(id)?.description ?? SETTING_DEFAULTS[id].description,
    }));
  }

  async setting(id: SettingsId): Promise<SettingRow> {
    return (await this.settings()).find((s) => s.id === id) as SettingRow;
  }

  async features(): Promise<FeatureRow[]> {
    const stored = await this.sql.query<{ feature_id: FeatureId; is_enabled: boolean }>(
      'SELECT feature_id, is_enabled FROM features',
    );
    const byId = new Map(stored.rows.map((r) => [r.feature_id, r.is_enabled]));
    return Object.values(FeatureId).map((id) => ({
      id,
      isEnabled: byId.get(id) ?? FEATURE_DEFAULTS[id].enabled,
      description: FEATURE_DEFAULTS[id].description,
    }));
  }

  async isEnabled(id: FeatureId): Promise<boolean> {
    return (await this.features()).find((f) => f.id === id)?.isEnabled ?? false;
  }
}
