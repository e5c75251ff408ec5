import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../shared/locales/en/translation.json';
import '../../proposals-to-grade/translations';
import { FapReviewForm } from './FapReviewForm';

const notify = jest.fn();
jest.mock('react-admin', () => ({ useNotify: () => notify }));
i18n.addResourceBundle('en', 'translation', translation, true, false);

const REVIEW = { id: 4, grade: null, comment: '', status: 'DRAFT', proposal: { proposalId: '000042' } };

function renderForm(
  precision: string,
  save = jest.fn().mockResolvedValue(undefined),
  review = REVIEW,
): ReactNode {
  render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider values={{ GRADE_PRECISION: precision }}>
        <FapReviewForm review={review} editable save={save} onSaved={jest.fn()} />
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
  return null;
}

beforeEach(() => notify.mockReset());

describe('FapReviewForm (§5 panel review)', () => {
  it('shows the grade and comment messages on Submit and sends nothing', async () => {
    const save = jest.fn();
    renderForm('1', save);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Comment is required')).toBeTruthy();
    expect(screen.getByText(/grade/i, { selector: 'p' })).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('is a select of 1–10 when GRADE_PRECISION is 1', async () => {
    renderForm('1');
    await userEvent.click(screen.getByRole('combobox', { name: /Grade/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('is a numeric step input otherwise, with "Highest grade is 10" above 10', async () => {
    const save = jest.fn();
    renderForm('0.5', save);
    const grade = screen.getByRole('spinbutton', { name: /Grade/ });
    expect(grade.getAttribute('step')).toBe('0.5');
    await userEvent.type(grade, '11');
    await userEvent.type(screen.getByRole('textbox', { name: /Comment/ }), 'Good');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Highest grade is 10')).toBeTruthy();
    await userEvent.clear(grade);
    await userEvent.type(grade, '0');
    expect(await screen.findByText('Lowest grade is 1')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('says "Comment must be at most 6000 characters" over the limit', async () => {
    renderForm('1', jest.fn(), { ...REVIEW, grade: 5, comment: 'x'.repeat(6001) } as never);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Comment must be at most 6000 characters')).toBeTruthy();
  });

  it('submits after the confirmation with the spec success message', async () => {
    const save = jest.fn().mockResolvedValue(undefined);
    renderForm('1', save, { ...REVIEW, grade: 7, comment: 'Sound proposal' } as never);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/No further changes to proposal reviews are possible/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm|yes|ok/i }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ grade: 7, comment: 'Sound proposal', submit: true }),
    );
    expect(notify).toHaveBeenCalledWith('Your review has been submitted successfully.', { type: 'success' });
  });

  it('is read only once submitted', () => {
    renderForm('1', jest.fn(), { ...REVIEW, grade: 7, comment: 'Done', status: 'SUBMITTED' } as never);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(
      screen.getByText(/no further changes to proposal reviews are possible after submission/),
    ).toBeTruthy();
  });
});
