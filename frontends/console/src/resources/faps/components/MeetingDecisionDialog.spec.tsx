import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../shared/locales/en/translation.json';
import '../translations';
import { MeetingDecisionDialog, type MeetingDecisionValues } from './MeetingDecisionDialog';

const notify = jest.fn();
jest.mock('react-admin', () => ({ useNotify: () => notify }));
i18n.addResourceBundle('en', 'translation', translation, true, false);

const INITIAL: MeetingDecisionValues = {
  fapTimeAllocation: '',
  recommendation: '',
  commentForUser: 'Nice',
  commentForManagement: 'Internal note',
  submitted: false,
};

function renderDialog(save = jest.fn().mockResolvedValue(undefined), initial = INITIAL) {
  const onClose = jest.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MeetingDecisionDialog open proposalId="000007" initial={initial} save={save} onClose={onClose} />
    </I18nextProvider>,
  );
  return { save, onClose };
}

describe('MeetingDecisionDialog', () => {
  it('needs a recommendation', async () => {
    const { save } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select a recommendation')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('clears the comment for management and saves the decision with the FAP time', async () => {
    const { save, onClose } = renderDialog();
    await userEvent.click(screen.getByRole('combobox', { name: /Recommendation/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Accepted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Comment for management' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'FAP time allocation' }), '4');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Decision submitted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        fapTimeAllocation: '4',
        recommendation: 'ACCEPTED',
        commentForUser: 'Nice',
        commentForManagement: '',
        submitted: true,
      }),
    );
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('refuses a FAP time outside 0–100000', async () => {
    const { save } = renderDialog(jest.fn(), {
      ...INITIAL,
      recommendation: 'REJECTED',
      fapTimeAllocation: '-1',
    });
    expect(screen.getByText('Time allocation must be from 0 to 100000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
  });
});
