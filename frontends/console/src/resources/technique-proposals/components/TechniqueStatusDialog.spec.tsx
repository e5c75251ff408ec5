import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { techniqueRuleMessages as M } from '@user-office/contracts';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import type { TechniqueProposalRow } from '../technique-proposals.operations';
import { TechniqueStatusDialog } from './TechniqueStatusDialog';

const statuses = [
  'DRAFT',
  'SUBMITTED_LOCKED',
  'UNDER_REVIEW',
  'APPROVED',
  'UNSUCCESSFUL',
  'FINISHED',
  'EXPIRED',
].map((shortCode, i) => ({ id: i + 1, shortCode, name: shortCode.replace('_', ' ').toLowerCase() }));
const change = jest.fn<Promise<void>, [number[], number]>();
const notify = jest.fn();
// react-admin's hooks only (the package itself does not load in jsdom here)
jest.mock('react-admin', () => ({
  useDataProvider: () => ({ changeTechniqueProposalsStatus: change }),
  useGetList: () => ({ data: statuses }),
  useNotify: () => notify,
}));

const row = (statusId: number, instruments: number[]) =>
  ({
    id: 1,
    primaryKey: 1,
    proposalId: 'P1',
    statusId,
    instruments: instruments.map((id) => ({ id, name: 'I', shortCode: 'I' })),
  }) as unknown as TechniqueProposalRow;

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function show(rows: TechniqueProposalRow[], isOfficer: boolean, onClose = jest.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <TechniqueStatusDialog rows={rows} isOfficer={isOfficer} open onClose={onClose} />
    </I18nextProvider>,
  );
  return onClose;
}

describe('the technique status buttons (§4)', () => {
  beforeEach(() => {
    change.mockReset();
    notify.mockReset();
  });

  it('greys for a scientist what the rules forbid, offers no EXPIRED, and changes the status by the others', async () => {
    change.mockResolvedValue(undefined);
    const onClose = show([row(2, [])], false); // SUBMITTED_LOCKED, no instrument
    expect(screen.queryByRole('button', { name: 'expired' })).toBeNull();
    expect(button('approved').disabled).toBe(true);
    expect(button('unsuccessful').disabled).toBe(true);
    expect(button('finished').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'under review' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(change).toHaveBeenCalledWith([1], 3);
    expect(notify).toHaveBeenCalledWith(expect.any(String), { type: 'success' });
  });

  it("offers an officer every status, EXPIRED too, and shows the server's refusal", async () => {
    change.mockRejectedValue(new Error(M.refused(['P1'], M.approvedLocked)));
    const onClose = show([row(2, [])], true);
    expect(button('expired').disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'approved' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(M.refused(['P1'], M.approvedLocked), { type: 'error' }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
