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

  it("gives a reviewer assignment its own kind and the proposal it belongs to, with the override's reason", () => {
    const row = toEventLogRow({
      ...base,
      streamId: 'fap-proposal-12',
      type: 'FapReviewerAssigned',
      data: {
        fapId: 3,
        proposalPk: 12,
        proposalId: 'P-12',
        reviewId: 1,
        userId: 9,
        conflicts: [{ kind: 'INSTITUTION', hard: false, reason: "Shares the PI's institution" }],
        overrideReason: 'Only expert available',
      },
    });
    expect(row).toMatchObject({ objectType: 'fap-review', changedObjectId: '1', proposalPk: 12 });
    expect(row.description).toContain('Only expert available');
  });

  it('tells a proposal 1 from a status 1, and keeps proposals out of objects that are not theirs', () => {
    const proposal = toEventLogRow({
      ...base,
      streamId: 'proposal-1',
      type: 'ProposalSubmitted',
      data: { proposalPk: 1 },
    });
    const status = toEventLogRow({ ...base, streamId: 'status-1', type: 'SomeStatusThing', data: {} });
    expect(proposal).toMatchObject({ objectType: 'proposal', changedObjectId: '1', proposalPk: 1 });
    expect(status).toMatchObject({ objectType: 'status', changedObjectId: '1', proposalPk: null });
  });

  it('finds the proposal of events in its other streams, and of a payload that names it', () => {
    const fapTime = toEventLogRow({ ...base, streamId: 'fap-proposal-7', type: 'Unknown', data: {} });
    const sample = toEventLogRow({
      ...base,
      streamId: 'sample-40',
      type: 'Unknown',
      data: { proposalPk: 8 },
    });
    expect(fapTime).toMatchObject({ objectType: 'fap-proposal', proposalPk: 7 });
    expect(sample).toMatchObject({ objectType: 'sample', changedObjectId: '40', proposalPk: 8 });
  });
});
