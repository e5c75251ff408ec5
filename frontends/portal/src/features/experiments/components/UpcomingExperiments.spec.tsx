import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphql, renderPortal } from '../../proposals/test/harness';
import { ExperimentTimes } from './ExperimentTimes';
import { UpcomingExperiments } from './UpcomingExperiments';

const DAY = 24 * 3600 * 1000;
const FEATURES = ['SCHEDULER', 'EXPERIMENT_SAFETY_REVIEW'];

function experiment(experimentPk: number, proposalPk: number, overrides: Record<string, unknown> = {}) {
  const startsAt = new Date(Date.UTC(2030, 0, 10, 8)).toISOString();
  return {
    experimentPk,
    experimentId: `EXP-${experimentPk}`,
    proposalPk,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 2 * DAY).toISOString(),
    status: 'ACTIVE',
    proposal: {
      primaryKey: proposalPk,
      proposalId: `DEMO-000${proposalPk}`,
      title: `Proposal ${proposalPk}`,
    },
    instrument: { id: 1, name: 'D22 small-angle diffractometer' },
    localContact: { id: 3, firstname: 'Sam', lastname: 'Scientist', preferredname: null },
    experimentSafety: null,
    ...overrides,
  };
}

function proposal(primaryKey: number, overrides: Record<string, unknown> = {}) {
  return {
    primaryKey,
    proposerId: 7,
    finalStatus: 'ACCEPTED',
    managementDecisionSubmitted: true,
    users: [],
    ...overrides,
  };
}

describe('Upcoming experiments (dashboard, §2 / §3 Upcoming experiment row)', () => {
  it('lists the experiments with the action icons in their states, asking for active and completed ones', async () => {
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [
          experiment(1, 11),
          experiment(2, 12, {
            experimentSafety: { experimentSafetyPk: 2, status: 'SUBMITTED', esiQuestionarySubmittedAt: 'x' },
          }),
          experiment(3, 13),
        ],
        getUserProposals: [
          proposal(11),
          // the applicant as a co-proposer
          proposal(12, { proposerId: 8, users: [{ id: 7 }] }),
          proposal(13, { managementDecisionSubmitted: false }),
        ],
      }),
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming experiments' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Upcoming experiments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Actions', 'Proposal ID', 'Title', 'Instrument', 'Local contact', 'Starts', 'Ends', 'Status']);
    const first = within(screen.getByTestId('experiment-row-1'));
    for (const text of [
      'DEMO-00011',
      'Proposal 11',
      'D22 small-angle diffractometer',
      'Sam Scientist',
      '10-01-2030 08:00',
      '12-01-2030 08:00',
      'Active',
    ])
      expect(first.getByText(text)).toBeTruthy();
    const active = first.getByRole('button', {
      name: 'Finish experiment safety form of proposal DEMO-00011',
    });
    expect(active.getAttribute('data-state')).toBe('active');
    expect(active.hasAttribute('disabled')).toBe(false);

    const completed = within(screen.getByTestId('experiment-row-2')).getByRole('button', {
      name: 'Experiment safety form of proposal DEMO-00012 (created): open it',
    });
    expect(completed.getAttribute('data-state')).toBe('completed');

    const inactive = within(screen.getByTestId('experiment-row-3')).getByRole('button', {
      name: 'Finish experiment safety form of proposal DEMO-00013: the management decision of the proposal has not been submitted',
    });
    expect(inactive.getAttribute('data-state')).toBe('inactive');
    expect(inactive.hasAttribute('disabled')).toBe(true);

    const filter = calls.find((c) => c.operation === 'ExperimentsUpcoming')?.variables.filter as {
      status: string[];
      endsAfter: string;
    };
    expect(filter.status).toEqual(['ACTIVE', 'COMPLETED']);
    expect(Math.abs(Date.parse(filter.endsAfter) - Date.now())).toBeLessThan(60_000);
  });

  it('creates the safety input with the active icon, then opens it', async () => {
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [experiment(1, 11)],
        getUserProposals: [proposal(11)],
      }),
      ExperimentsCreateSafety: ({ experimentPk }) => ({
        createExperimentSafety: { experimentSafetyPk: 1, experimentPk },
      }),
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Finish experiment safety form of proposal DEMO-00011' }),
    );
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ExperimentsCreateSafety')?.variables).toEqual({
      experimentPk: 1,
    });
  });

  it('opens an existing safety input without creating another', async () => {
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [
          experiment(2, 12, {
            experimentSafety: { experimentSafetyPk: 2, status: 'DRAFT', esiQuestionarySubmittedAt: null },
          }),
        ],
        getUserProposals: [proposal(12)],
      }),
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    await userEvent.click(
      await screen.findByRole('button', { name: /Experiment safety form of proposal DEMO-00012/ }),
    );
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'ExperimentsCreateSafety')).toBe(false);
  });

  it('shows the server’s refusal of the creation and stays', async () => {
    mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [experiment(1, 11)],
        getUserProposals: [proposal(11)],
      }),
      ExperimentsCreateSafety: () => {
        throw new Error('The call has no experiment safety input template');
      },
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Finish experiment safety form of proposal DEMO-00011' }),
    );
    expect(await screen.findByText('The call has no experiment safety input template')).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('hides the icon without the safety review feature, and the table without the scheduler', async () => {
    mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [experiment(1, 11)],
        getUserProposals: [proposal(11)],
      }),
    });
    const { unmount } = renderPortal(<UpcomingExperiments />, { features: ['SCHEDULER'] });
    await screen.findByTestId('experiment-row-1');
    expect(within(screen.getByTestId('experiment-row-1')).queryByRole('button')).toBeNull();
    unmount();
    renderPortal(<UpcomingExperiments />, { features: [] });
    expect(screen.queryByRole('heading', { name: 'Upcoming experiments' })).toBeNull();
  });
});

describe('Experiment times (§9: the next 30 days)', () => {
  it('shows only the experiments starting within 30 days', async () => {
    const soon = new Date(Date.now() + 3 * DAY).toISOString();
    const later = new Date(Date.now() + 40 * DAY).toISOString();
    mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [
          experiment(1, 11, { startsAt: soon, endsAt: soon }),
          experiment(2, 12, { startsAt: later, endsAt: later }),
        ],
        getUserProposals: [proposal(11), proposal(12)],
      }),
    });
    renderPortal(<ExperimentTimes />, { features: FEATURES });
    expect(screen.getByRole('heading', { level: 1, name: 'Experiment times' })).toBeTruthy();
    await screen.findByTestId('experiment-row-1');
    await waitFor(() => expect(screen.queryByTestId('experiment-row-2')).toBeNull());
  });
});
