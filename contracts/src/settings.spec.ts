import { FeatureId, SettingsId } from './enums';
import { FEATURE_DEFAULTS } from './features';
import { SETTING_DEFAULTS } from './settings';
import { settingValueError } from './validation';

describe('SETTING_DEFAULTS', () => {
  it.each(Object.values(SettingsId))('%s has a default that passes its own rule', (id) => {
    const setting = SETTING_DEFAULTS[id];
    expect(setting).toBeDefined();
    expect(setting.description).not.toBe('');
    expect(settingValueError(id, setting.value)).toBeNull();
  });

  it('has no defaults for unknown settings', () => {
    expect(Object.keys(SETTING_DEFAULTS).sort()).toEqual(Object.values(SettingsId).sort());
  });

  it('uses the spec defaults for dates and the idle timeout', () => {
    expect(SETTING_DEFAULTS.DATE_FORMAT.value).toBe('dd-MM-yyyy');
    expect(SETTING_DEFAULTS.IDLE_TIMEOUT.value).toBe('3600000');
    expect(SETTING_DEFAULTS.GRADE_PRECISION.value).toBe('1');
  });
});

describe('FEATURE_DEFAULTS', () => {
  it.each(Object.values(FeatureId))('%s has a default', (id) => {
    expect(typeof FEATURE_DEFAULTS[id].enabled).toBe('boolean');
    expect(FEATURE_DEFAULTS[id].description).not.toBe('');
  });

  it('has no defaults for unknown features', () => {
    expect(Object.keys(FEATURE_DEFAULTS).sort()).toEqual(Object.values(FeatureId).sort());
  });

  it('leaves the site-specific features off', () => {
    expect(FEATURE_DEFAULTS.STFC_IDLE_TIMER.enabled).toBe(false);
    expect(FEATURE_DEFAULTS.EMAIL_INVITE_LEGACY.enabled).toBe(false);
    expect(FEATURE_DEFAULTS.RISK_ASSESSMENT.enabled).toBe(false);
    expect(FEATURE_DEFAULTS.FAP_REVIEW.enabled).toBe(true);
    expect(FEATURE_DEFAULTS.TECHNICAL_REVIEW.enabled).toBe(true);
  });
});
