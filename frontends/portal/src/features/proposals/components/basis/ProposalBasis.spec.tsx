import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CO, PI, proposalFixture } from '../../test/fixtures';
import { mockGraphql, renderPortal, user } from '../../test/harness';
import { ProposalEdit } from '../ProposalEdit';

const PATH = '/ProposalEdit/:proposalPk';
const DANA = { ...user(9, 'Dana', 'Scully'), position: 'Postdoc' };
const EVE = { ...user(10, 'Eve', 'Moneypenny'), email: 'eve@example.org' };

function openEdit(features: string[], handlers: Parameters<typeof mockGraphql>[0] = {}) {
  const calls = mockGraphql({
    ProposalsProposal: () => ({ getProposal: proposalFixture({}, false) }),
    ProposalsPreviousCollaborators: ({ filter }) => ({
      getPreviousCollaborators:
        filter === 'zzz' ? { totalCount: 0, users: [] } : { totalCount: 1, users: [DANA] },
    }),
    ...handlers,
  });
  renderPortal(<ProposalEdit />, { route: '/ProposalEdit/5', path: PATH, features });
  return calls;
}

async function openPicker() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add co-proposers' }));
  return screen.findByRole('dialog', { name: 'Add people to proposal' });
}

describe('the proposal basis step', () => {
  it('shows the fields of §2 with the abstract note and counter', async () => {
    openEdit([]);
    const abstract = await screen.findByRole('textbox', { name: /Proposal Abstract/ });
    expect((abstract as HTMLTextAreaElement).value).toBe('We will measure it.');
    expect(screen.getByText('Only printable ASCII characters are allowed.')).toBeTruthy();
    expect(screen.getByText('19/1500 characters')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Principal Investigator' }) as HTMLInputElement).value).toBe(
      'Pia Investigator',
    );
    await userEvent.click(abstract);
    await userEvent.paste(' Caf\u00e9');
    expect(
      await screen.findByText('Non-printable characters have been removed from your input.'),
    ).toBeTruthy();
    expect((abstract as HTMLTextAreaElement).value).toBe('We will measure it. Caf ');
  });

  it('warns "We cannot find that email" when the e-mail lookup finds nobody', async () => {
    const calls = openEdit(['EMAIL_SEARCH'], {
      ProposalsUserByEmail: () => ({ getBasicUserDetailsByEmail: null }),
    });
    const dialog = await openPicker();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(within(dialog).getByText('Please enter a email')).toBeTruthy();
    await userEvent.type(email, 'nobody@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('We cannot find that email')).toBeTruthy();
    expect(
      within(dialog).getByText('Please check the spelling and whether the person has registered an account.'),
    ).toBeTruthy();
    // no invitation without EMAIL_INVITE
    expect(within(dialog).queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(calls.find((c) => c.operation === 'ProposalsUserByEmail')?.variables).toEqual({
      email: 'nobody@example.org',
    });
  });

  it('invites an unknown address by e-mail with EMAIL_INVITE: "Invitation sent successfully!" and an Invited chip', async () => {
    const calls = openEdit(['EMAIL_SEARCH', 'EMAIL_INVITE'], {
      ProposalsUserByEmail: () => ({ getBasicUserDetailsByEmail: null }),
      ProposalsSetInvites: ({ emails }) => ({
        setCoProposerInvites: (emails as string[]).map((e, i) => ({
          id: `inv-${i}`,
          email: e,
          createdAt: '2025-03-04T10:00:00.000Z',
          claimedAt: null,
          expiresAt: '2025-04-04T10:00:00.000Z',
          isEmailSent: true,
        })),
      }),
    });
    const dialog = await openPicker();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'new@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Invite new@example.org by e-mail' }),
    );
    expect(await within(dialog).findByText('Invitation sent successfully!')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ProposalsSetInvites')?.variables).toEqual({
      proposalPk: 5,
      emails: ['new@example.org'],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Co-Proposers' });
    expect(within(list).getByText('new@example.org')).toBeTruthy();
    expect(within(list).getByText('Invited')).toBeTruthy();
  });

  it('adds a found user and previous collaborators; closing with unadded selections asks first', async () => {
    openEdit(['EMAIL_SEARCH'], {
      ProposalsUserByEmail: ({ email }) => ({
        getBasicUserDetailsByEmail: email === 'eve@example.org' ? EVE : CO,
      }),
    });
    let dialog = await openPicker();
    expect(await within(dialog).findByText('Dana Scully')).toBeTruthy();
    // a member cannot be added twice
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'cole@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('User is already on the proposal')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Dana Scully' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByText(
      'User(s) have not yet been added to the proposal. Are you sure you want to close the dialog?',
    );
    await userEvent.click(
      within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByText(/have not yet been added/)).toBeNull());

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'eve@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('2 selected')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Co-Proposers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cole Proposer', 'Dana ScullyPostdoc', 'Eve Moneypenny']);

    // the search is debounced and says when there is nobody
    dialog = await openPicker();
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Search previous collaborators' }),
      'zzz',
    );
    expect(await within(dialog).findByText('No Previous Collaborators')).toBeTruthy();
  });

  it('changes the PI among the members and saves title, abstract, users and proposer', async () => {
    const calls = openEdit([], {
      ProposalsUpdate: () => ({ updateProposal: { primaryKey: 5, title: 'Magnetic order', abstract: '' } }),
      QuestionaryAnswerTopic: () => ({ answerTopic: null }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change the principal investigator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Principal Investigator' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Make Cole Proposer Principal Investigator' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Principal Investigator' }) as HTMLInputElement).value).toBe(
      'Cole Proposer',
    );
    const list = screen.getByRole('list', { name: 'Co-Proposers' });
    expect(within(list).getByText('Pia Investigator')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Save$/i }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'ProposalsUpdate')).toBe(true));
    expect(calls.find((c) => c.operation === 'ProposalsUpdate')?.variables).toEqual({
      proposalPk: 5,
      title: 'Magnetic order',
      abstract: 'We will measure it.',
      users: [PI.id],
      proposerId: CO.id,
    });
    expect(calls.find((c) => c.operation === 'QuestionaryAnswerTopic')?.variables).toMatchObject({
      questionaryId: 50,
      topicId: 1,
    });
  });
});
