import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18nProvider } from '../app/i18n-provider';
import { rolesError } from './people/components/PersonRoles';
import { validateCall } from './calls/components/CallForm';
import { validateInstitution } from './institutions/components/InstitutionForm';
import { UnitCreate } from './units/components/UnitCreate';
import { toZonedInput, fromZonedInput } from '../components/zoned-dates';

function renderWith(ui: ReactNode, dataProvider: Partial<DataProvider>) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider values={{ TIMEZONE: 'Europe/Stockholm' }}>
        <MemoryRouter>
          <AdminContext dataProvider={dataProvider as DataProvider} i18nProvider={i18nProvider}>
            {ui}
            <Notification />
          </AdminContext>
        </MemoryRouter>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

describe("the administration forms show the §5 messages (the contracts' schemas, as the api)", () => {
  it('Unit form: every required field, then createUnit and "Unit created successfully"', async () => {
    const create = jest.fn().mockResolvedValue({ data: { id: 'furlong' } });
    const dataProvider = {
      getList: jest.fn().mockResolvedValue({ data: [{ id: 'length' }], total: 1 }),
      create,
    };
    renderWith(<UnitCreate />, dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of [
      'Id is required',
      'Name is required',
      'Quantity is required',
      'Symbol is required',
      'Conversion formula is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Id/), 'furlong');
    await userEvent.type(screen.getByLabelText(/^Name/), 'furlong');
    await userEvent.type(screen.getByLabelText(/^Quantity/), 'length');
    await userEvent.click(await screen.findByRole('option', { name: 'length' }));
    await userEvent.type(screen.getByLabelText(/^Symbol/), 'fur');
    await userEvent.type(screen.getByLabelText(/^SI conversion formula/), 'x * 201.168');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toBe('Units');
    expect(create.mock.calls[0][1].data).toMatchObject({
      id: 'furlong',
      unit: 'furlong',
      quantity: 'length',
      symbol: 'fur',
      siConversionFormula: 'x * 201.168',
    });
    expect(await screen.findByText('Unit created successfully')).toBeTruthy();
  }, 20_000);

  it('Call form: the required fields of §5 and the dates in order', () => {
    const errors = validateCall({ shortCode: '', proposalWorkflowId: '', templateId: '' });
    expect(errors).toMatchObject({
      shortCode: 'Short code is required',
      startCall: 'Start of the call is required',
      endCall: 'End of the call is required',
      startReview: 'Start of the review is required',
      endReview: 'End of the review is required',
      startNotify: 'Start of notification is required',
      endNotify: 'End of notification is required',
      startCycle: 'Start of the cycle is required',
      endCycle: 'End of the cycle is required',
      cycleComment: 'Cycle comment is required',
      surveyComment: 'Survey comment is required',
      allocationTimeUnit: 'Allocation time unit is required',
      proposalWorkflowId: 'Proposal workflow is required',
      templateId: 'Proposal template is required',
    });
    const later = validateCall({ startCall: '2025-03-01T10:00', endCall: '2025-02-01T10:00' });
    expect(later.endCall).toBe('End of the call must not be before its start');
    expect(validateCall({ referenceNumberFormat: 'X{digits:11}' }).referenceNumberFormat).toMatch(
      /reference number format/,
    );
  });

  it('Call dates are entered in the TIMEZONE setting, whatever the browser', () => {
    expect(toZonedInput('2025-06-01T08:00:00.000Z', 'Europe/Stockholm')).toBe('2025-06-01T10:00');
    expect(fromZonedInput('2025-06-01T10:00', 'Europe/Stockholm')).toBe('2025-06-01T08:00:00.000Z');
    expect(fromZonedInput('', 'UTC')).toBeNull();
  });

  it("Institution form, roles editor: their schemas' messages", () => {
    expect(validateInstitution({ name: '', countryId: '' })).toEqual({
      name: 'Name is required',
      country: 'Country is required',
    });
    expect(validateInstitution({ name: 'Lund', countryId: 3, rorId: 'nope' }).rorId).toMatch(/ROR id/);
    expect(rolesError(5, [])).toBe('A user needs at least one role');
    expect(rolesError(5, [1])).toBeNull();
  });
});
