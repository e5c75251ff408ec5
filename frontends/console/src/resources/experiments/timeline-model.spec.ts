import { toExperimentsFilter } from './experiment-filter';
import {
  figure,
  summaryRows,
  toTimelineItem,
  windowFilter,
  windowToLoad,
  type TimeWindow,
} from './timeline-model';

const experiment = {
  experimentPk: 7,
  experimentId: '7',
  proposalPk: 2,
  startsAt: '2026-12-04T08:00:00.000Z',
  endsAt: '2026-12-06T08:00:00.000Z',
  status: 'ACTIVE' as const,
  proposal: { proposalId: 'DEMO-0002', title: 'Lithium <diffusion> & "ions"' },
};

const day = (d: string) => new Date(`${d}T00:00:00.000Z`);

describe('the experiment timeline', () => {
  it('an experiment is an item of its times, labelled by its proposal (HTML-escaped), with its status and key as classes', () => {
    expect(toTimelineItem(experiment)).toEqual({
      id: 7,
      content: 'DEMO-0002 Lithium &lt;diffusion&gt; &amp; &quot;ions&quot;',
      title: '7 · DEMO-0002 Lithium &lt;diffusion&gt; &amp; &quot;ions&quot; · ACTIVE',
      start: new Date('2026-12-04T08:00:00.000Z'),
      end: new Date('2026-12-06T08:00:00.000Z'),
      className: 'experiment experiment-active experiment-pk-7',
    });
    expect(toTimelineItem({ ...experiment, proposal: null }).content).toBe('7');
  });

  it('loads the visible window and as much again on each side, and nothing while the loaded window covers it', () => {
    const visible: TimeWindow = { start: day('2026-12-10'), end: day('2026-12-20') };
    const loaded = windowToLoad(visible, null)!;
    expect(loaded).toEqual({ start: day('2026-11-30'), end: day('2026-12-30') });
    expect(windowToLoad({ start: day('2026-12-01'), end: day('2026-12-29') }, loaded)).toBeNull();
    expect(windowToLoad({ start: day('2026-12-25'), end: day('2027-01-04') }, loaded)).toEqual({
      start: day('2026-12-15'),
      end: day('2027-01-14'),
    });
  });

  it("asks experiments(filter) for one instrument's experiments overlapping the window", () => {
    expect(windowFilter(3, { start: day('2026-12-01'), end: day('2026-12-31') })).toEqual({
      instrumentId: 3,
      startsAfter: '2026-12-01T00:00:00.000Z',
      endsBefore: '2026-12-31T00:00:00.000Z',
    });
  });

  it('the time summary: per proposal allocated against scheduled, and the availability left (in the call unit)', () => {
    const summary = summaryRows({
      instrumentId: 1,
      callId: 1,
      allocationTimeUnit: 'Day',
      availabilityTime: 60,
      scheduledTime: 6.5,
      proposals: [
        { proposalPk: 3, proposalId: 'DEMO-0003', title: 'Protein', allocatedTime: 5, scheduledTime: 3 },
        { proposalPk: 2, proposalId: 'DEMO-0002', title: 'Lithium', allocatedTime: 4, scheduledTime: 4.5 },
        { proposalPk: 9, proposalId: 'DEMO-0009', title: 'Moved', allocatedTime: null, scheduledTime: 0 },
      ],
    });
    expect(summary).toEqual({
      availability: 60,
      scheduled: 6.5,
      left: 53.5,
      rows: [
        { proposalPk: 2, label: 'DEMO-0002 Lithium', allocated: 4, scheduled: 4.5, left: -0.5 },
        { proposalPk: 3, label: 'DEMO-0003 Protein', allocated: 5, scheduled: 3, left: 2 },
        { proposalPk: 9, label: 'DEMO-0009 Moved', allocated: null, scheduled: 0, left: null },
      ],
    });
    expect(
      summaryRows({
        instrumentId: 1,
        callId: 1,
        allocationTimeUnit: 'Hour',
        availabilityTime: null,
        scheduledTime: 0,
        proposals: [],
      }).left,
    ).toBeNull();
    expect(figure(1 / 3)).toBe('0.33');
    expect(figure(2)).toBe('2');
  });
});

describe("the experiments table's filter", () => {
  it('becomes experiments(filter): ids, one status, and the days as instants of the facility zone (whole days)', () => {
    expect(
      toExperimentsFilter(
        { instrument: '3', call: 2, status: 'ACTIVE', startsAfter: '2026-12-01', endsBefore: '2026-12-31' },
        'Europe/Stockholm',
      ),
    ).toEqual({
      instrumentId: 3,
      callId: 2,
      status: ['ACTIVE'],
      startsAfter: '2026-11-30T23:00:00.000Z',
      endsBefore: '2026-12-31T23:00:00.000Z',
    });
    expect(toExperimentsFilter({ instrument: '', status: 'SOMETHING', startsAfter: 'soon' }, 'UTC')).toEqual(
      {},
    );
  });
});
