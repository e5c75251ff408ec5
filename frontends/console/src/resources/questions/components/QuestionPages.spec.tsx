import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType, questionMessages } from '@user-office/contracts';
import { i18n } from '@user-office/frontend-shared/i18n';
import { AdminContext, Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import '../../templates/translations';
import '../translations';
import type { QuestionRow } from '../questions.operations';
import { QuestionForm } from './QuestionEdit';
import { QuestionList } from './QuestionList';

// the natural key check asks the server: "taken" is taken
jest.mock('@user-office/frontend-shared/graphql-client', () => ({
  request: jest.fn((_doc: unknown, variables: { naturalKey?: string }) =>
    Promise.resolve({ getIsNaturalKeyPresent: variables?.naturalKey === 'taken', getUnits: [] }),
  ),
}));

const row = (overrides: Partial<QuestionRow> = {}): QuestionRow => ({
  id: 'q_date',
  naturalKey: 'start_date',
  question: 'When do you start?',
  dataType: 'DATE',
  categoryId: 'PROPOSAL',
  config: {},
  templates: [],
  ...overrides,
});

describe('/Questions: the question form', () => {
  it('is the questionary editor’s form: the §5 messages show, and nothing is saved until they are gone', async () => {
    const onSave = jest.fn(() => Promise.resolve());
    render(
      <I18nextProvider i18n={i18n}>
        <QuestionForm row={row()} onSave={onSave} onCancel={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId(`config-form-${DataType.DATE}`)).toBeTruthy();
    const key = screen.getByLabelText(/Natural key/);
    fireEvent.change(key, { target: { value: 'has-dash' } });
    fireEvent.change(screen.getByLabelText(/^Question/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Min date'), { target: { value: '2030-05-10' } });
    fireEvent.change(screen.getByLabelText('Default date'), { target: { value: '2030-05-01' } });
    expect(await screen.findByText(questionMessages.naturalKeyPattern)).toBeTruthy();
    expect(await screen.findByText(questionMessages.questionRequired)).toBeTruthy();
    expect(await screen.findByText(questionMessages.defaultAfterMin)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(key, { target: { value: 'taken' } });
    expect(await screen.findByText(questionMessages.naturalKeyUsed)).toBeTruthy();

    fireEvent.change(key, { target: { value: 'start_date_2' } });
    fireEvent.change(screen.getByLabelText(/^Question/), { target: { value: 'Start?' } });
    fireEvent.change(screen.getByLabelText('Default date'), { target: { value: '2030-05-20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        naturalKey: 'start_date_2',
        question: 'Start?',
        config: expect.objectContaining({ minDate: '2030-05-10', defaultDate: '2030-05-20' }),
      }),
    );
  });
});

describe('/Questions: the list', () => {
  function renderList(dataProvider: Partial<DataProvider>) {
    return render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider as DataProvider}>
          <I18nextProvider i18n={i18n}>
            <ResourceContextProvider value="Questions">
              <QuestionList />
            </ResourceContextProvider>
            <Notification />
          </I18nextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
  }
  const rows = [
    row({ id: 'q1', naturalKey: 'placed_q', templates: [{ templateId: 3, name: 'Default proposal' }] }),
    row({ id: 'q2', naturalKey: 'free_q', dataType: 'TEXT_INPUT' }),
    row({ id: 'q3', naturalKey: 'proposal_basis', dataType: 'PROPOSAL_BASIS' }),
  ];

  it('shows type, key and where each question is used; refuses to delete a placed or basis question, saying why', async () => {
    const getList = jest.fn(() => Promise.resolve({ data: rows, total: rows.length }));
    const deleteOne = jest.fn(() =>
      Promise.reject(new Error('The question is used by templates 9: remove it from them first')),
    );
    renderList({ getList, delete: deleteOne } as Partial<DataProvider>);
    expect(await screen.findByText('placed_q')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Default proposal' }).getAttribute('href')).toBe(
      '/QuestionaryEditor/3',
    );
    const placedDelete = screen.getByRole('button', {
      name: 'placed_q cannot be deleted while it is placed on templates: Default proposal',
    });
    expect((placedDelete as HTMLButtonElement).disabled).toBe(true);
    const basisDelete = screen.getByRole('button', {
      name: 'proposal_basis is a basis question and cannot be deleted',
    });
    expect((basisDelete as HTMLButtonElement).disabled).toBe(true);

    // one the list thinks free, placed meanwhile: the server's refusal is shown
    await userEvent.click(screen.getByRole('button', { name: 'Delete free_q' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /yes|ok|confirm/i }));
    expect(
      await screen.findByText('The question is used by templates 9: remove it from them first'),
    ).toBeTruthy();
    expect(deleteOne).toHaveBeenCalledWith('Questions', expect.objectContaining({ id: 'q2' }));
  });

  it('sends the search box to getList as q (its mapping to text and the type filter: data-provider.spec.ts)', async () => {
    const getList = jest.fn(() => Promise.resolve({ data: rows, total: rows.length }));
    renderList({ getList } as Partial<DataProvider>);
    await screen.findByText('placed_q');
    fireEvent.change(screen.getByPlaceholderText(/search/i), { target: { value: 'free' } });
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'Questions',
        expect.objectContaining({ filter: expect.objectContaining({ q: 'free' }) }),
      ),
    );
    await act(async () => undefined);
  });
});
