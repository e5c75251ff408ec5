import { FeatureId, FeatureUpdateAction, SettingsId } from '@user-office/contracts';
import { settingsDecider } from './settings.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(settingsDecider.evolve, settingsDecider.initialState);

describe('settings decider', () => {
  it('records a changed setting with its previous value (the default at first)', () => {
    const events = settingsDecider.decide(
      { type: 'UpdateSetting', settingsId: SettingsId.DATE_FORMAT, settingsValue: 'yyyy-MM-dd' },
      given([]),
    );
    expect(events).toEqual([
      {
        type: 'SettingUpdated',
        data: { settingsId: 'DATE_FORMAT', settingsValue: 'yyyy-MM-dd', previousValue: 'dd-MM-yyyy' },
      },
    ]);
  });

  it('decides nothing when the value does not change', () => {
    const state = given([
      {
        type: 'SettingUpdated',
        data: { settingsId: 'DATE_FORMAT', settingsValue: 'yyyy-MM-dd', previousValue: 'dd-MM-yyyy' },
      },
    ]);
    expect(
      settingsDecider.decide(
        { type: 'UpdateSetting', settingsId: SettingsId.DATE_FORMAT, settingsValue: 'yyyy-MM-dd' },
        state,
      ),
    ).toEqual([]);
  });

  it('enables only the features that are off, once each', () => {
    const state = given([{ type: 'FeatureDisabled', data: { featureId: 'FAP_REVIEW' } }]);
    const events = settingsDecider.decide(
      {
        type: 'UpdateFeatures',
        featureIds: [FeatureId.FAP_REVIEW, FeatureId.FAP_REVIEW, FeatureId.STFC_IDLE_TIMER],
        action: FeatureUpdateAction.ENABLE,
      },
      state,
    );
    expect(events.map((e) => [e.type, (e.data as { featureId: string }).featureId])).toEqual([
      ['FeatureEnabled', 'FAP_REVIEW'],
      ['FeatureEnabled', 'STFC_IDLE_TIMER'],
    ]);
  });

  it('disables a feature that is on by default', () => {
    const events = settingsDecider.decide(
      { type: 'UpdateFeatures', featureIds: [FeatureId.FAP_REVIEW], action: FeatureUpdateAction.DISABLE },
      given([]),
    );
    expect(events).toEqual([{ type: 'FeatureDisabled', data: { featureId: 'FAP_REVIEW' } }]);
  });
});
