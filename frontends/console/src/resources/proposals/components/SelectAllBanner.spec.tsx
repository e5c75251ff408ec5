import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import { SelectAllBanner } from './SelectAllBanner';

// react-admin's list context only (the package itself does not load in jsdom here)
const list = {
  data: [] as { id: number }[],
  selectedIds: [] as number[],
  meta: undefined as { prefetchedIds: number[] } | undefined,
  onSelect: jest.fn(),
  onUnselectItems: jest.fn(),
};
jest.mock('react-admin', () => ({ useListContext: () => list }));

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

function show(prefetched: number, selected: number[]) {
  list.data = ids(20).map((id) => ({ id }));
  list.meta = { prefetchedIds: ids(prefetched) };
  list.selectedIds = selected;
  return render(
    <I18nextProvider i18n={i18n}>
      <SelectAllBanner />
    </I18nextProvider>,
  );
}

describe('the select-all banner (§2: 200 or more loaded)', () => {
  beforeEach(() => {
    list.onSelect.mockReset();
    list.onUnselectItems.mockReset();
  });

  it('is absent under 200 prefetched proposals, or while the page is not wholly selected', () => {
    show(199, ids(20)).unmount();
    expect(screen.queryByRole('alert')).toBeNull();
    show(200, ids(19));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers every prefetched proposal once the page is selected, then clearing the selection', () => {
    const { unmount } = show(400, ids(20));
    expect(screen.getByText('All 20 proposals on this page are selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 400 prefetched proposals' }));
    expect(list.onSelect).toHaveBeenCalledWith(ids(400));
    unmount();

    show(400, ids(400));
    expect(screen.getByText('All 400 prefetched proposals are selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(list.onUnselectItems).toHaveBeenCalled();
  });
});
