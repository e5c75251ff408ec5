import { toEventLogRow } from './event-log-row';

describe('toEventLogRow', () => {
  const base = {
    eventId: 'e1',
    position: 42,
    version: 1,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    metadata: { actorId: 7, impersonatorId: 3, correlationId: 'c', causationId: null },
  };

  it('describes a catalogued event with its changed object', () => {
    const row = toEventLogRow({
      ...base,
      streamId: 'settings-facility',
      type: 'SettingUpdated',
      data: { settingsId: 'DATE_FORMAT', settingsValue: 'yyyy-MM-dd', previousValue: 'dd-MM-yyyy' },
    });
    expect(row).toMatchObject({
      id: 42,
      eventType: 'SettingUpdated',
      objectType: 'settings',
      changedById: 7,
      impersonatedById: 3,
      changedObjectId: 'DATE_FORMAT',
      description: 'Setting DATE_FORMAT changed to "yyyy-MM-dd"',
    });
    expect(JSON.parse(row.rowData)).toMatchObject({ settingsValue: 'yyyy-MM-dd' });
  });

  it('falls back to the stream id for events outside the catalogue; a missing actor is the System', () => {
    const row = toEventLogRow({
      ...base,
      metadata: { ...base.metadata, actorId: null, impersonatorId: null },
      streamId: 'proposal-12',
      type: 'SomethingHappened',
      data: {},
    });
    expect(row.changedObjectId).toBe('12');
    expect(row.changedById).toBeNull();
    expect(row.description.length).toBeGreaterThan(0);
  });
});
