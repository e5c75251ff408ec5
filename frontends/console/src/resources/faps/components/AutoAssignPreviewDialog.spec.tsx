import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../shared/locales/en/translation.json';
import '../translations';
import { AutoAssignPreviewDialog } from './AutoAssignPreviewDialog';

const notify = jest.fn();
jest.mock('react-admin', () => ({ useNotify: () => notify }));
i18n.addResourceBundle('en', 'translation', translation, true, false);

const PAIRS = [
  { proposalPk: 1, proposalId: '000001', memberId: 10, memberName: 'Ada Chair', reason: 'least loaded' },
  { proposalPk: 1, proposalId: '000001', memberId: 11, memberName: 'Rui Reviewer', reason: 'least loaded' },
  { proposalPk: 2, proposalId: '000002', memberId: 11, memberName: 'Rui Reviewer', reason: 'only candidate' },
];
const SKIPPED = [{ proposalId: '000002', memberName: 'Ada Chair', reason: 'same institution as the PI' }];

describe('AutoAssignPreviewDialog', () => {
  it('lists the pairs with their reasons, the skipped conflicts and the load per member', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AutoAssignPreviewDialog
          open
          call="C1"
          pairs={PAIRS}
          skipped={SKIPPED}
          accept={jest.fn()}
          onClose={jest.fn()}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Automatic assignment' })).toBeTruthy();
    expect(screen.getByText('only candidate')).toBeTruthy();
    expect(screen.getByText('same institution as the PI')).toBeTruthy();
    expect(within(screen.getByTestId('load-11')).getByText('2')).toBeTruthy();
    expect(within(screen.getByTestId('load-10')).getByText('1')).toBeTruthy();
  });

  it('accepts only the pairs the chair kept, and shows the load without the removed ones', async () => {
    const accept = jest.fn().mockResolvedValue(undefined);
    const onClose = jest.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <AutoAssignPreviewDialog
          open
          call="C1"
          pairs={PAIRS}
          skipped={[]}
          accept={accept}
          onClose={onClose}
        />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Rui Reviewer from proposal 000002' }));
    expect(within(screen.getByTestId('load-11')).getByText('1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore Rui Reviewer for proposal 000002' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith(PAIRS.slice(0, 2)));
    expect(onClose).toHaveBeenCalledWith(true);
    expect(notify).toHaveBeenCalledWith('2 assignment(s) applied', { type: 'success' });
  });
});
