import { FeatureId, SettingsId } from '../enums';
import {
  defineEvent,
  describeEvent,
  EVENT_CATALOGUE,
  eventTypeToWords,
  registerEvents,
  SETTING_UPDATED,
  settingUpdatedEvent,
  SETTINGS_EVENTS,
  SETTINGS_STREAM_ID,
  streamObjectId,
} from './index';

describe('event catalogue', () => {
  it('catalogues the settings events when imported', () => {
    for (const descriptor of SETTINGS_EVENTS) expect(EVENT_CATALOGUE.get(descriptor.type)).toBe(descriptor);
    expect(settingUpdatedEvent.stream).toBe('settings');
    expect(settingUpdatedEvent.version).toBe(1);
  });

  it('describes a catalogued event', () => {
    const data = {
      settingsId: SettingsId.DATE_FORMAT,
      settingsValue: 'dd/MM/yyyy',
      previousValue: 'dd-MM-yyyy',
    };
    expect(describeEvent(SETTING_UPDATED, data, SETTINGS_STREAM_ID)).toEqual({
      description: 'Setting DATE_FORMAT changed to "dd/MM/yyyy"',
      changedObjectId: 'DATE_FORMAT',
      objectType: 'settings',
      proposalPk: null,
    });
    expect(describeEvent('FeatureEnabled', { featureId: FeatureId.SHIPPING }, SETTINGS_STREAM_ID)).toEqual({
      description: 'Feature SHIPPING enabled',
      changedObjectId: 'SHIPPING',
      objectType: 'settings',
      proposalPk: null,
    });
    expect(describeEvent('FeatureDisabled', { featureId: FeatureId.OAUTH }, SETTINGS_STREAM_ID)).toEqual({
      description: 'Feature OAUTH disabled',
      changedObjectId: 'OAUTH',
      objectType: 'settings',
      proposalPk: null,
    });
  });

  it('falls back for an unknown event type', () => {
    expect(describeEvent('ProposalTeleported', { any: 'thing' }, 'proposal-12')).toEqual({
      description: 'Proposal teleported',
      changedObjectId: '12',
      objectType: 'proposal',
      proposalPk: 12,
    });
    expect(describeEvent('FAPReviewSubmitted', {}, 'fap-review-3-7').changedObjectId).toBe('review-3-7');
  });

  it('falls back when a catalogued payload cannot be described', () => {
    const broken = defineEvent<{ nested: { id: number } }>('BrokenThingHappened', {
      stream: 'thing',
      description: (data) => `Thing ${data.nested.id}`,
      changedObjectId: (data) => String(data.nested.id),
    });
    registerEvents(broken);
    expect(describeEvent('BrokenThingHappened', {}, 'thing-4')).toEqual({
      description: 'Broken thing happened',
      changedObjectId: '4',
      objectType: 'thing',
      proposalPk: null,
    });
  });

  it('creates events, is idempotent for one descriptor and refuses a second one under the same type', () => {
    expect(
      settingUpdatedEvent.create({
        settingsId: SettingsId.TIMEZONE,
        settingsValue: 'UTC',
        previousValue: null,
      }),
    ).toEqual({
      type: 'SettingUpdated',
      data: { settingsId: 'TIMEZONE', settingsValue: 'UTC', previousValue: null },
    });
    expect(() => registerEvents(settingUpdatedEvent)).not.toThrow();
    const impostor = defineEvent<object>(SETTING_UPDATED, {
      stream: 'settings',
      description: () => 'x',
      changedObjectId: () => 'x',
    });
    expect(() => registerEvents(impostor)).toThrow('Event type SettingUpdated is already catalogued');
    expect(() =>
      defineEvent<object>('Bad', {
        stream: 's',
        description: () => '',
        changedObjectId: () => '',
        version: 0,
      }),
    ).toThrow('version must be a positive integer');
  });

  it('turns type names into words and stream ids into object ids', () => {
    expect(eventTypeToWords('ESIRequested')).toBe('ESI requested');
    expect(eventTypeToWords('PROPOSAL_SUBMITTED')).toBe('PROPOSAL SUBMITTED');
    expect(eventTypeToWords('StatusActionSucceeded')).toBe('Status action succeeded');
    expect(streamObjectId('settings-facility')).toBe('facility');
    expect(streamObjectId('system')).toBe('system');
  });
});
