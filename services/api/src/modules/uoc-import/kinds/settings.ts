import {
  FEATURE_DEFAULTS,
  FEATURE_DISABLED,
  FEATURE_ENABLED,
  FeatureId,
  SETTING_UPDATED,
  SETTINGS_STREAM_ID,
  isSettingsId,
  settingValueError,
  type SettingUpdatedData,
} from '@user-office/contracts';
import { str, type ImportContext, type ImportKind, type Planned } from '../import-context';

const FEATURE_IDS = new Set<string>(Object.values(FeatureId));

/** the settings stream's version now: a key of a change made on top of it (a value changed back is new again) */
async function streamVersion(ctx: ImportContext): Promise<number> {
  const { rows } = await ctx.sql.query<{ v: string | number | null }>(
    'SELECT max(stream_version) AS v FROM events WHERE stream_id = $1',
    [SETTINGS_STREAM_ID],
  );
  return Number(rows[0]?.v ?? 0);
}

/**
 * UOC `settings` and `features` → `SettingUpdated`, `FeatureEnabled`/`FeatureDisabled` on the facility's settings
 * stream, each only where the store's value differs (a second run appends nothing; a value changed in the source
 * since is a new event). A setting UOC leaves empty keeps the product's default; an id this product does not know,
 * or a value its rules refuse, is a problem.
 */
export const settingsKind: ImportKind = {
  name: 'settings',
  async run(ctx) {
    const version = await streamVersion(ctx);
    const current = new Map(
      (
        await ctx.sql.query<{ settings_id: string; settings_value: string; description: string | null }>(
          'SELECT settings_id, settings_value, description FROM settings',
        )
      ).rows.map((r) => [r.settings_id, r]),
    );
    const rows = await ctx.rows(
      'SELECT settings_id, settings_value, description FROM settings ORDER BY settings_id',
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = str(r.settings_id);
      const value = str(r.settings_value);
      if (!isSettingsId(id)) {
        ctx.problem('settings', `settings_id=${id}`, 'this product has no such setting: not imported');
        continue;
      }
      if (value === '') continue; // unset in UOC: the product's default applies
      const error = settingValueError(id, value);
      if (error) {
        ctx.problem(
          'settings',
          `settings_id=${id}`,
          `the value ${JSON.stringify(value)} is refused (${error}): not imported`,
        );
        continue;
      }
      const now = current.get(id);
      const description = str(r.description);
      if (now && now.settings_value === value && (now.description ?? description) === description) continue;
      const data: SettingUpdatedData = {
        settingsId: id,
        settingsValue: value,
        previousValue: now?.settings_value ?? null,
        ...(description !== '' && description !== now?.description ? { description } : {}),
      };
      planned.push({
        streamId: SETTINGS_STREAM_ID,
        key: `settings/${id}/v${version}`,
        type: SETTING_UPDATED,
        data,
        at: null,
        actorId: null,
        from: `uoc:settings/${id}`,
      });
    }
    const enabled = new Map(
      (
        await ctx.sql.query<{ feature_id: string; is_enabled: boolean }>(
          'SELECT feature_id, is_enabled FROM features',
        )
      ).rows.map((r) => [r.feature_id, r.is_enabled]),
    );
    const features = await ctx.rows('SELECT feature_id, is_enabled FROM features ORDER BY feature_id');
    for (const f of features) {
      const id = str(f.feature_id);
      if (!FEATURE_IDS.has(id)) {
        ctx.problem(
          'features',
          `feature_id=${id}`,
          `this product has no such feature: not imported (${f.is_enabled ? 'enabled' : 'disabled'} in UOC)`,
        );
        continue;
      }
      const on = f.is_enabled === true;
      const now = enabled.get(id) ?? FEATURE_DEFAULTS[id as FeatureId].enabled;
      if (now === on) continue;
      planned.push({
        streamId: SETTINGS_STREAM_ID,
        key: `features/${id}/${on}/v${version}`,
        type: on ? FEATURE_ENABLED : FEATURE_DISABLED,
        data: { featureId: id },
        at: null,
        actorId: null,
        from: `uoc:features/${id}`,
      });
    }
    ctx.count('settings', rows.length + features.length, await ctx.write('settings', planned));
  },
};
