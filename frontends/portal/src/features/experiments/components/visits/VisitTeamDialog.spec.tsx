import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphql, renderPortal } from '../../../proposals/test/harness';
import { UpcomingExperiments } from '../UpcomingExperiments';

const FEATURES = ['SCHEDULER', 'VISIT_MANAGEMENT', 'SHIPPING'];
const ALICE = { id: 7, firstname: 'Alice', lastname: 'Applicant', preferredname: null };
const CARL = { id: 8, firstname: 'Carl', lastname: 'Coproposer', preferredname: null };

const row = (overrides: Record<string, unknown> = {}) => ({
  experimentPk: 1,
  experimentId: 'EXP-1',
  proposalPk: 11,
  startsAt: '2030-01-10T08:00:00.000Z',
  endsAt: '2030-01-12T08:00:00.000Z',
  status: 'ACTIVE',
  proposal: { primaryKey: 11, proposalId: 'DEMO-0011', title: 'Proposal 11' },
  instrument: { id: 1, name: 'D22' },
  localContact: null,
  experimentSafety: null,
  visit: null,
  feedback: null,
  ...overrides,
});
const proposal = {
  primaryKey: 11,
  proposerId: 7,
  finalStatus: 'ACCEPTED',
  managementDecisionSubmitted: true,
  proposer: ALICE,
  users: [CARL],
};

describe('the visit team dialog (§2, §4 Define visit, §5 Visit team)', () => {
  it('shows the §5 messages, then creates the visit with the chosen team and lead: "Visit created"', async () => {
    let created = false;
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [
          created
            ? row({
                visit: {
                  id: 5,
                  teamLeadUserId: 8,
                  team: [7, 8],
                  registrations: [
                    { userId: 7, status: 'DRAFTED' },
                    { userId: 8, status: 'DRAFTED' },
                  ],
                },
              })
            : row(),
        ],
        getUserProposals: [proposal],
      }),
      ExperimentsCreateVisit: (variables) => {
        created = true;
        return {
          createVisit: {
            id: 5,
            experimentPk: 1,
            proposalPk: 11,
            teamLeadUserId: variables.teamLeadUserId,
            team: variables.team,
            registrations: [],
          },
        };
      },
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    const rowEl = within(await screen.findByTestId('experiment-row-1'));
    // §2 column order: define visit, (no ESI without its feature), register own visit, shipments, feedback
    expect(
      rowEl.getAllByRole('button').map((b) => [b.getAttribute('aria-label'), b.getAttribute('data-state')]),
    ).toEqual([
      ['Define the visit team of proposal DEMO-0011', 'active'],
      ['Register your visit for proposal DEMO-0011: the visit team has not been defined yet', 'inactive'],
      ['Declare shipments of proposal DEMO-0011', 'neutral'],
      [
        'Give feedback on the experiment of proposal DEMO-0011: the experiment has not been completed',
        'inactive',
      ],
    ]);
    await userEvent.click(rowEl.getByRole('button', { name: 'Define the visit team of proposal DEMO-0011' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Visit team of proposal DEMO-0011' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Please add visitors')).toBeTruthy();
    expect(dialog.getByText('Please select the team lead')).toBeTruthy();

    await userEvent.click(dialog.getByRole('checkbox', { name: 'Alice Applicant' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Team lead' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Carl Coproposer' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Team lead must be one of the visitors')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'ExperimentsCreateVisit')).toBe(false);

    await userEvent.click(dialog.getByRole('checkbox', { name: 'Carl Coproposer' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Visit created')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ExperimentsCreateVisit')?.variables).toEqual({
      experimentPk: 1,
      team: [7, 8],
      teamLeadUserId: 8,
    });
    // reloaded: the visit exists, the caller's registration is drafted
    expect(
      await screen.findByRole('button', { name: 'Visit team of proposal DEMO-0011 (defined): change it' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register your visit for proposal DEMO-0011' })).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    mockGraphql({
      ExperimentsUpcoming: () => ({ getUserExperiments: [row()], getUserProposals: [proposal] }),
      ExperimentsCreateVisit: () => {
        throw new Error('The experiment already has a visit');
      },
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Define the visit team of proposal DEMO-0011' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Alice Applicant' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Team lead' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alice Applicant' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The experiment already has a visit')).toBeTruthy();
  });
});
