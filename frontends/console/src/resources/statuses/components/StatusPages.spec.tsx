import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workflowMessages } from '@user-office/contracts';
import { i18n } from '@user-office/frontend-shared/i18n';
import type { ReactNode } from 'react';
import { AdminContext, Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import '../translations';
import type { StatusRow } from '../statuses.operations';
import { statusCreatePage, statusListPage, type StatusPageDefinition } from './StatusPages';

const PAGE: StatusPageDefinition = {
  name: 'ProposalStatuses',
  entityType: 'PROPOSAL',
  titleKey: 'proposalTitle',
};

const status = (id: number, shortCode: string, isDefault: boolean): StatusRow => ({
  id,
  shortCode,
  name: shortCode.charAt(0) + shortCode.slice(1).toLowerCase().replace(/_/g, ' '),
  description: '',
  isDefault,
  entityType: 'PROPOSAL',
});

function renderPage(dataProvider: Partial<DataProvider>, page: ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider as DataProvider}>
        <I18nextProvider i18n={i18n}>
          <ResourceContextProvider value={PAGE.name}>{page}</ResourceContextProvider>
          <Notification />
        </I18nextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('/ProposalStatuses', () => {
  it('a default status cannot be deleted; the server’s refusal of a status a workflow uses is shown', async () => {
    const rows = [status(1, 'DRAFT', true), status(12, 'ON_HOLD', false)];
    const refusal = workflowMessages.statusInUse('"Fast track"');
    const getList = jest.fn(() => Promise.resolve({ data: rows, total: rows.length }));
    const deleteOne = jest.fn(() => Promise.reject(new Error(refusal)));
    const StatusList = statusListPage(PAGE);
    renderPage({ getList, delete: deleteOne } as Partial<DataProvider>, <StatusList />);
    expect(await screen.findByText('ON_HOLD')).toBeTruthy();
    const defaultDelete = screen.getByRole('button', { name: workflowMessages.defaultStatusNotDeletable });
    expect((defaultDelete as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Delete On hold' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(deleteOne).toHaveBeenCalledWith('ProposalStatuses', expect.objectContaining({ id: 12 }));
  });

  it('the create form checks the short code with the contracts’ messages before sending it', async () => {
    const create = jest.fn((_resource: string, { data }: { data: object }) =>
      Promise.resolve({ data: { id: 13, ...data } }),
    );
    const StatusCreate = statusCreatePage(PAGE);
    renderPage({ create } as unknown as Partial<DataProvider>, <StatusCreate />);
    const shortCode = await screen.findByLabelText(/Short code/);
    fireEvent.change(shortCode, { target: { value: 'on hold' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'On hold' } });
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(workflowMessages.shortCodePattern)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(shortCode, { target: { value: 'ON_HOLD' } });
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(
      'ProposalStatuses',
      expect.objectContaining({ data: expect.objectContaining({ shortCode: 'ON_HOLD', name: 'On hold' }) }),
    );
  });
});
