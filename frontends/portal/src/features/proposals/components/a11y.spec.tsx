import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { proposalFixture } from '../test/fixtures';
import { mockGraphql, renderPortal, user } from '../test/harness';
import { Dashboard } from './Dashboard';
import { ProposalEdit } from './ProposalEdit';

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('accessibility (axe)', () => {
  it('My proposals', async () => {
    mockGraphql({
      ProposalsMine: () => ({
        getUserProposals: [
          {
            primaryKey: 1,
            proposalId: '000001',
            title: 'A',
            statusId: 1,
            status: { id: 1, name: 'Draft', shortCode: 'DRAFT' },
            publicStatus: 'draft',
            submitted: false,
            created: '2025-03-04T10:00:00.000Z',
            callId: 1,
            proposerId: 7,
            call: { id: 1, shortCode: 'C', title: 'C', isActive: true, isActiveInternal: true },
          },
        ],
      }),
    });
    renderPortal(<Dashboard />, { features: ['EMAIL_INVITE'] });
    await screen.findByText('000001');
    expect(await violations()).toEqual([]);
  });

  it('the basis step and the people picker', async () => {
    mockGraphql({
      ProposalsProposal: () => ({ getProposal: proposalFixture({}, false) }),
      ProposalsPreviousCollaborators: () => ({
        getPreviousCollaborators: { totalCount: 1, users: [user(9, 'Dana', 'Scully')] },
      }),
    });
    renderPortal(<ProposalEdit />, {
      route: '/ProposalEdit/5',
      path: '/ProposalEdit/:proposalPk',
      features: ['EMAIL_SEARCH', 'EMAIL_INVITE'],
    });
    await screen.findByRole('textbox', { name: /Proposal Title/ });
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add co-proposers' }));
    await screen.findByText('Dana Scully');
    // let the dialog's entering transition finish
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(await violations()).toEqual([]);
  });

  it('the review step', async () => {
    mockGraphql({ ProposalsProposal: () => ({ getProposal: proposalFixture() }) });
    renderPortal(<ProposalEdit />, { route: '/ProposalEdit/5', path: '/ProposalEdit/:proposalPk' });
    await screen.findByRole('heading', { name: 'Review and submit' });
    expect(await violations()).toEqual([]);
  });
});
