import { render, screen, within } from '@testing-library/react';
import { i18n } from '@user-office/frontend-shared/i18n';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../shared/locales/en/translation.json';
import {
  StatusActionsLogList,
  type StatusActionsLogRow,
} from '../../status-actions-logs/components/StatusActionsLogList';
import { DownstreamMessageList, type DownstreamMessageRow } from './DownstreamMessageList';

/**
 * react-admin's list machinery (its ESM-only dependencies do not load in jest) stands in as a table of `mockRows`:
 * each field renders what it renders for a record, so the rows show what officers see.
 */
const mockRows: { current: Record<string, unknown>[] } = { current: [] };
jest.mock('react-admin', () => {
  const React = jest.requireActual<typeof import('react')>('react');
  const h = React.createElement;
  type Field = { record?: Record<string, unknown>; source?: string; label?: string };
  return {
    List: ({ children, title }: { children: React.ReactNode; title: string }) =>
      h('section', { 'aria-label': title }, children),
    Datagrid: ({ children }: { children: React.ReactNode }) =>
      h(
        'table',
        null,
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            React.Children.map(children, (c) =>
              h('th', null, (c as React.ReactElement<Field>).props.label ?? ''),
            ),
          ),
        ),
        h(
          'tbody',
          null,
          mockRows.current.map((record, i) =>
            h(
              'tr',
              { key: i },
              React.Children.map(children, (c) =>
                h('td', null, React.cloneElement(c as React.ReactElement<Field>, { record })),
              ),
            ),
          ),
        ),
      ),
    FunctionField: ({ render: show, record }: Field & { render(r: unknown): React.ReactNode }) =>
      h(React.Fragment, null, show(record)),
    TextField: ({ source, record }: Field) => h(React.Fragment, null, String(record?.[source ?? ''] ?? '')),
    Pagination: () => null,
    SearchInput: () => null,
    SelectInput: () => null,
    Confirm: () => null,
    useDataProvider: () => ({}),
    useNotify: () => () => undefined,
    useRefresh: () => () => undefined,
  };
});
i18n.addResourceBundle('en', 'translation', translation, true, false);

const show = (list: React.ReactNode, rows: object[]) => {
  mockRows.current = rows as Record<string, unknown>[];
  render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider>{list}</StaticSettingsProvider>
    </I18nextProvider>,
  );
  return screen.getAllByRole('row').slice(1);
};
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the status actions log: a RabbitMQ row shows its profile, exchanges and outcome', () => {
  const log = (over: Partial<StatusActionsLogRow>): StatusActionsLogRow => ({
    id: 1,
    statusActionsLogId: 1,
    actionType: 'RABBITMQ',
    recipient: 'a.fanout, b.fanout',
    message: 'PROPOSAL_STATUS_ACTION_EXECUTED published to a.fanout, b.fanout (confirmed by the broker)',
    successful: true,
    state: 'SUCCESSFUL',
    timestamp: '2026-11-27T09:00:00Z',
    proposals: [{ primaryKey: 1, proposalId: '000001' }],
    ...over,
  });

  it('lists the action with its profile, the exchanges as recipient, and the outcome', () => {
    const [compatible, native, waiting, email] = show(<StatusActionsLogList />, [
      log({ profile: 'compatible' }),
      log({
        id: 2,
        profile: 'native',
        recipient: 'ours.fanout',
        successful: false,
        state: 'FAILED',
        message: 'Channel closed (after 3 tries)',
      }),
      log({ id: 3, profile: 'compatible', state: 'PENDING', successful: false, waitingSeconds: 130 }),
      log({ id: 4, actionType: 'EMAIL', profile: null, recipient: 'pi@example.org', message: 'E-mail sent' }),
    ]);
    expect(cells(compatible).slice(0, 5)).toEqual([
      'RabbitMQ (compatible)',
      'a.fanout, b.fanout',
      'PROPOSAL_STATUS_ACTION_EXECUTED published to a.fanout, b.fanout (confirmed by the broker)',
      '000001',
      'Successful',
    ]);
    expect(cells(native).slice(0, 5)).toEqual([
      'RabbitMQ (native)',
      'ours.fanout',
      'Channel closed (after 3 tries)',
      '000001',
      'Failed',
    ]);
    expect(cells(waiting)[4]).toBe('Waiting for 2 min');
    expect(cells(email)[0]).toBe('E-mail');
  });
});

describe('Downstream messages: the deletions and the feed with their outcome', () => {
  const message = (over: Partial<DownstreamMessageRow>): DownstreamMessageRow => ({
    id: 'e1-PROPOSAL_DELETED',
    messageKey: 'e1-PROPOSAL_DELETED',
    type: 'PROPOSAL_DELETED',
    orderingKey: 'proposal-7',
    exchanges: ['user_office_backend.fanout'],
    publishedTo: ['user_office_backend.fanout'],
    message: 'PROPOSAL_DELETED published to user_office_backend.fanout (confirmed by the broker)',
    successful: true,
    state: 'SUCCESSFUL',
    tries: 1,
    timestamp: '2026-11-27T09:00:00Z',
    ...over,
  });

  it('shows each message’s type, exchanges, outcome, details and tries', () => {
    const rows = show(<DownstreamMessageList />, [
      message({}),
      message({
        id: 'e2-INSTRUMENT_DELETED',
        type: 'INSTRUMENT_DELETED',
        exchanges: ['a.fanout', 'b.fanout'],
        publishedTo: ['a.fanout'],
        successful: false,
        state: 'PENDING',
        waitingSeconds: 45,
        tries: 4,
        message: 'Waiting to try again after: Channel closed',
      }),
      message({
        id: 'e3',
        type: 'PROPOSAL_CREATED',
        state: 'FAILED',
        successful: false,
        message: 'Failed: x',
      }),
    ]);
    expect(screen.getByRole('region', { name: 'Downstream messages' })).toBeTruthy();
    expect(cells(rows[0]).slice(0, 5)).toEqual([
      'PROPOSAL_DELETED',
      'user_office_backend.fanout',
      'Published',
      'PROPOSAL_DELETED published to user_office_backend.fanout (confirmed by the broker)',
      '1',
    ]);
    expect(cells(rows[1]).slice(0, 5)).toEqual([
      'INSTRUMENT_DELETED',
      'a.fanout, b.fanout (confirmed on a.fanout)',
      'Waiting for 45 s',
      'Waiting to try again after: Channel closed',
      '4',
    ]);
    expect(cells(rows[2])[2]).toBe('Failed');
  });
});
