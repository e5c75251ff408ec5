import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../shared/locales/en/translation.json';
import '../translations';
import { MeetingRankingTable, type MeetingRow } from './MeetingRankingTable';

i18n.addResourceBundle('en', 'translation', translation, true, false);

const row = (n: number, allocatedTime: number, extra: Partial<MeetingRow> = {}): MeetingRow => ({
  proposalPk: n,
  proposalId: `00000${n}`,
  title: `Proposal ${n}`,
  average: 8 - n,
  spread: 0.5,
  calibrated: 7.9 - n,
  allocatedTime,
  recommendation: null,
  decisionSubmitted: false,
  ...extra,
});

function renderTable(rows: MeetingRow[], availability: number | null, reorder = jest.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <MeetingRankingTable
        label="Ranking"
        rows={rows}
        availabilityTime={availability}
        canReorder
        reorder={reorder}
        openDecision={jest.fn()}
      />
    </I18nextProvider>,
  );
  return reorder;
}

describe('MeetingRankingTable', () => {
  it('draws the cut line after the last proposal whose cumulative time fits the availability', () => {
    renderTable([row(1, 3), row(2, 4), row(3, 5)], 8);
    const rows = screen.getAllByRole('row');
    const cut = screen.getByTestId('cut-line');
    // header, 1, 2, cut line, 3
    expect(rows.indexOf(cut)).toBe(3);
    expect(within(screen.getByTestId('ranking-row-000002')).getByText('7')).toBeTruthy(); // cumulative 3 + 4
    expect(within(screen.getByTestId('ranking-row-000003')).getByText('No')).toBeTruthy();
  });

  it("follows the api's zone flag when it gives one", () => {
    renderTable([row(1, 3, { inAvailabilityZone: true }), row(2, 4, { inAvailabilityZone: false })], 100);
    expect(within(screen.getByTestId('ranking-row-000002')).getByText('No')).toBeTruthy();
    expect(screen.getByTestId('cut-line')).toBeTruthy();
  });

  it('has no cut line when everything fits', () => {
    renderTable([row(1, 3), row(2, 4)], 100);
    expect(screen.queryByTestId('cut-line')).toBeNull();
  });

  it('moves a proposal up and sends the new order', async () => {
    const reorder = renderTable([row(1, 3), row(2, 4), row(3, 5)], 8);
    await userEvent.click(screen.getByRole('button', { name: 'Move proposal 000003 up' }));
    expect(reorder).toHaveBeenCalledWith([1, 3, 2]);
    expect(
      (screen.getByRole('button', { name: 'Move proposal 000001 up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
