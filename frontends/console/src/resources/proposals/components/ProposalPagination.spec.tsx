import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import { ProposalPagination } from './ProposalPagination';

// react-admin's list context, data provider and pagination only (the package itself does not load in jsdom here)
const list = {
  total: 50_000,
  meta: { prefetchedIds: [], totalEstimated: true },
  filterValues: { search: 'neutron' },
  sort: { field: 'primaryKey', order: 'DESC' },
  page: 1,
  perPage: 20,
};
const countProposalsExactly = jest.fn();
const refresh = jest.fn();
jest.mock('react-admin', () => ({
  useListContext: () => list,
  useDataProvider: () => ({ countProposalsExactly }),
  useRefresh: () => refresh,
  useNotify: () => jest.fn(),
  Pagination: (props: {
    labelDisplayedRows?: (p: { from: number; to: number; count: number }) => string;
  }) => <span>{props.labelDisplayedRows?.({ from: 1, to: 20, count: list.total })}</span>,
}));

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ProposalPagination />
    </I18nextProvider>,
  );

describe('the staff table pagination: an estimated total says so, the exact count is one click away', () => {
  it('reads "of about 50,000" and asks for the exact count with the table query, then refreshes the table', async () => {
    countProposalsExactly.mockResolvedValue(50_127);
    show();
    expect(screen.getByText('1–20 of about 50,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(countProposalsExactly).toHaveBeenCalledWith({
      filter: list.filterValues,
      sort: list.sort,
      pagination: { page: 1, perPage: 20 },
    });
  });

  it('shows an exact total as exact, with no button', () => {
    list.meta = { prefetchedIds: [], totalEstimated: false };
    list.total = 4321;
    show();
    expect(screen.getByText('1–20 of 4,321')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
