import { Injectable } from '@nestjs/common';
import {
  FEATURE_DISABLED,
  FEATURE_ENABLED,
  SETTING_UPDATED,
  type SettingUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const SETTINGS_PROJECTION = 'settings';

/** The settings and features that differ from the defaults; inline, so a mutation returns the saved state. */
@Injectable()
@RegisterProjection()
export class SettingsProjection implements Projection {
  readonly name = SETTINGS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [SETTING_UPDATED, FEATURE_ENABLED, FEATURE_DISABLED];
  readonly tables = [
    {
      name: 'settings',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (settings_id text PRIMARY KEY, settings_value text NOT NULL, description text)`,
      ],
    },
    {
      name: 'features',
      ddl: (t: string) => [`CREATE TABLE ${t} (feature_id text PRIMARY KEY, is_enabled boolean NOT NULL)`],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    if (event.type === SETTING_UPDATED) {
      const data = event.data as SettingUpdatedData;
      await tx.query(
        `INSERT INTO ${tables.settings} (settings_id, settings_value, description) VALUES ($1, $2, $3)
         ON CONFLICT (settings_id) DO UPDATE
           SET settings_value = excluded.settings_value,
               description = coalesce(excluded.description, ${tables.settings}.description)`,
        [data.settingsId, data.settingsValue, data.description ?? null],
      );
    } else {
      const { featureId } = event.data as { featureId: string };
      await tx.query(
        `INSERT INTO ${tables.features} (feature_id, is_enabled) VALUES ($1, $2)
         ON CONFLICT (feature_id) DO UPDATE SET is_enabled = excluded.is_enabled`,
        [featureId, event.type === FEATURE_ENABLED],
      );
    }
  }
}
