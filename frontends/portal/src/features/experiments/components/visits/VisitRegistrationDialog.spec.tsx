import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphql, renderPortal } from '../../../proposals/test/harness';
import { UpcomingExperiments } from '../UpcomingExperiments';

const FEATURES = ['SCHEDULER', 'VISIT_MANAGEMENT'];
const DAY = 24 * 3600 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const row = (status: string) => ({
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
  visit: { id: 5, teamLeadUserId: 7, team: [7], registrations: [{ userId: 7, status }] },
  feedback: null,
});
const proposal = {
  primaryKey: 11,
  proposerId: 7,
  finalStatus: 'ACCEPTED',
  managementDecisionSubmitted: true,
  proposer: { id: 7, firstname: 'Alice', lastname: 'Applicant', preferredname: null },
  users: [],
};
const registration = (status: string, questionaryId: number | null, dates?: [string, string]) => ({
  visitId: 5,
  userId: 7,
  experimentPk: 1,
  registrationQuestionaryId: questionaryId,
  startsAt: dates ? `${dates[0]}T00:00:00.000Z` : null,
  endsAt: dates ? `${dates[1]}T00:00:00.000Z` : null,
  status,
});
const questionary = (complete: boolean) => ({
  getQuestionary: {
    questionaryId: 70,
    templateId: 7,
    isCompleted: complete,
    steps: [
      {
        isCompleted: complete,
        topic: { id: 1, title: 'Your visit', sortOrder: 0, isEnabled: true },
        fields: [
          {
            question: {
              id: 'visit_basis',
              naturalKey: 'visit_basis',
              question: 'Visit',
              dataType: 'VISIT_BASIS',
            },
            config: { required: true, small_label: '', tooltip: '' },
            dependencies: [],
            dependenciesOperator: 'AND',
            topicId: 1,
            sortOrder: 0,
            value: null,
          },
        ],
      },
    ],
  },
});

async function openRegistration(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: 'Visit registration for proposal DEMO-0011' }));
}

describe('the visit registration dialog (§2, §4 visit registration, §5 Visit basis)', () => {
  it('starts the registration on first opening, and shows "There is no active visit registration template"', async () => {
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({ getUserExperiments: [row('DRAFTED')], getUserProposals: [proposal] }),
      ExperimentsVisitRegistration: () => ({ getVisitRegistration: registration('DRAFTED', null) }),
      ExperimentsCreateVisitRegistration: () => {
        throw new Error('There is no active visit registration template');
      },
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    const dialog = await openRegistration(/^Register your visit for proposal DEMO-0011$/);
    expect(await dialog.findByText('There is no active visit registration template')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ExperimentsCreateVisitRegistration')?.variables).toEqual({
      visitId: 5,
      userId: 7,
    });
  });

  it('checks the dates with the §5 messages, saves them, then submits with confirmation', async () => {
    let current = registration('DRAFTED', 70);
    let complete = false;
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [row(current.status)],
        getUserProposals: [proposal],
      }),
      ExperimentsVisitRegistration: () => ({ getVisitRegistration: current }),
      QuestionaryGet: () => questionary(complete),
      ExperimentsUpdateVisitRegistration: ({ startsAt, endsAt }) => {
        current = registration('DRAFTED', 70, [startsAt as string, endsAt as string]);
        return { updateVisitRegistration: current };
      },
      QuestionaryAnswerTopic: () => {
        complete = true;
        return { answerTopic: null };
      },
      ExperimentsSubmitVisitRegistration: () => {
        current = { ...current, status: 'SUBMITTED' };
        return { submitVisitRegistration: current };
      },
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    const dialog = await openRegistration(/^Register your visit for proposal DEMO-0011$/);
    const start = await dialog.findByLabelText(/^Visit start date/);
    const end = dialog.getByLabelText(/^Visit end date/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save and continue' }));
    expect(await dialog.findByText('Visit start date is required')).toBeTruthy();
    expect(dialog.getByText('Visit end date is required')).toBeTruthy();
    fireEvent.change(start, { target: { value: dateIn(-2) } });
    fireEvent.change(end, { target: { value: dateIn(-3) } });
    expect(await dialog.findByText('Visit start date can not be in the past')).toBeTruthy();
    expect(dialog.getByText("End date can't be before Start date")).toBeTruthy();
    expect(calls.some((c) => c.operation === 'ExperimentsUpdateVisitRegistration')).toBe(false);

    fireEvent.change(start, { target: { value: dateIn(10) } });
    fireEvent.change(end, { target: { value: dateIn(12) } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save and continue' }));
    const submit = await dialog.findByRole('button', { name: 'Submit' });
    expect(calls.find((c) => c.operation === 'ExperimentsUpdateVisitRegistration')?.variables).toEqual({
      visitId: 5,
      startsAt: dateIn(10),
      endsAt: dateIn(12),
    });
    await userEvent.click(submit);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await dialog.findByRole('button', { name: 'Submitted' })).toHaveProperty('disabled', true);
    expect(calls.find((c) => c.operation === 'ExperimentsSubmitVisitRegistration')?.variables).toEqual({
      visitId: 5,
    });
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: /is submitted, pending approval$/, hidden: true })
          .getAttribute('data-state'),
      ).toBe('pending'),
    );
  });

  it('offers "Submit changes" when the user office asked for changes, and cancels with confirmation', async () => {
    let current = registration('CHANGE_REQUESTED', 70, [dateIn(10), dateIn(12)]);
    const calls = mockGraphql({
      ExperimentsUpcoming: () => ({
        getUserExperiments: [row(current.status)],
        getUserProposals: [proposal],
      }),
      ExperimentsVisitRegistration: () => ({ getVisitRegistration: current }),
      QuestionaryGet: () => questionary(true),
      ExperimentsCancelVisitRegistration: () => {
        current = { ...current, status: 'CANCELLED_BY_USER' };
        return { cancelVisitRegistration: current };
      },
    });
    renderPortal(<UpcomingExperiments />, { features: FEATURES });
    const dialog = await openRegistration(/^Register your visit for proposal DEMO-0011$/);
    expect(await dialog.findByText(/The user office asked for changes/)).toBeTruthy();
    expect(await dialog.findByRole('button', { name: 'Submit changes' })).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel registration' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await dialog.findByText('You cancelled this visit registration.')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ExperimentsCancelVisitRegistration')?.variables).toEqual({
      visitId: 5,
      userId: 7,
    });
    expect(dialog.queryByRole('button', { name: 'Cancel registration' })).toBeNull();
  });
});
