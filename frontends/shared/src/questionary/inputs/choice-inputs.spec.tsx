import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType } from '@user-office/contracts';
import { QUESTION_TEXT, renderInput } from './test-harness';

const label = new RegExp(QUESTION_TEXT.replace('?', '\\?'));

function mockGraphql(data: unknown): jest.Mock {
  const mock = jest.fn(() => Promise.resolve({ json: () => Promise.resolve({ data }) } as Response));
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SELECTION_FROM_OPTIONS', () => {
  it('radio: stores the chosen option as a list', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.SELECTION_FROM_OPTIONS, {
      options: ['Red', 'Green'],
      variant: 'radio',
    });
    const group = screen.getByRole('radiogroup', { name: label });
    await user.click(within(group).getByRole('radio', { name: 'Green' }));
    expect(input.value()).toEqual(['Green']);
    expect(input.registryErrors()).toEqual([]);
  });

  it('radio with isMultipleSelect: checkboxes, several chosen', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.SELECTION_FROM_OPTIONS, {
      options: ['Red', 'Green', 'Blue'],
      variant: 'radio',
      isMultipleSelect: true,
    });
    expect(screen.getByRole('group', { name: label })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }));
    expect(input.value()).toEqual(['Red', 'Blue']);
    expect(input.registryErrors()).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    expect(input.value()).toEqual(['Blue']);
  });

  it('dropdown with isMultipleSelect', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.SELECTION_FROM_OPTIONS, {
      options: ['Red', 'Green', 'Blue'],
      variant: 'dropdown',
      isMultipleSelect: true,
    });
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    expect(input.value()).toEqual(['Green', 'Blue']);
    expect(input.registryErrors()).toEqual([]);
  });

  it("required: the registry's message after a submit attempt", async () => {
    const input = renderInput(DataType.SELECTION_FROM_OPTIONS, {
      options: ['Red'],
      variant: 'dropdown',
      required: true,
    });
    await input.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('This is a required field');
  });

  it('read-only: the choices are disabled', () => {
    renderInput(DataType.SELECTION_FROM_OPTIONS, { options: ['Red'], variant: 'radio' }, { readonly: true });
    expect((screen.getByRole('radio', { name: 'Red' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('DYNAMIC_MULTIPLE_CHOICE', () => {
  it('offers the options fetched for the question', async () => {
    const fetchMock = mockGraphql({ getDynamicMultipleChoiceOptions: ['Alpha', 'Beta'] });
    const user = userEvent.setup();
    const input = renderInput(DataType.DYNAMIC_MULTIPLE_CHOICE, { url: 'https://x.test', variant: 'radio' });
    await user.click(await screen.findByRole('radio', { name: 'Beta' }));
    expect(input.value()).toEqual(['Beta']);
    expect(input.registryErrors()).toEqual([]);
    const body = JSON.parse(
      String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    ) as {
      variables: unknown;
    };
    expect(body.variables).toEqual({ questionId: 'q_1' });
  });

  it('says "No options" when there are none', async () => {
    mockGraphql({ getDynamicMultipleChoiceOptions: [] });
    renderInput(DataType.DYNAMIC_MULTIPLE_CHOICE, { url: 'https://x.test', variant: 'dropdown' });
    expect(await screen.findByText('No options')).toBeTruthy();
  });
});

describe('TECHNIQUE_PICKER', () => {
  const techniques = [
    { id: 1, name: 'Diffraction' },
    { id: 2, name: 'Imaging' },
  ];

  it('dropdown, several: stores the technique ids', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.TECHNIQUE_PICKER, {
      techniques,
      variant: 'dropdown',
      isMultipleSelect: true,
    });
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: 'Imaging' }));
    await user.click(await screen.findByRole('option', { name: 'Diffraction' }));
    expect(input.value()).toEqual([2, 1]);
    expect(input.registryErrors()).toEqual([]);
  });

  it('radio, one: stores one id', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.TECHNIQUE_PICKER, { techniques, variant: 'radio' });
    await user.click(screen.getByRole('radio', { name: 'Diffraction' }));
    expect(input.value()).toEqual([1]);
    expect(input.registryErrors()).toEqual([]);
  });
});

describe('INSTRUMENT_PICKER', () => {
  const instruments = [
    { id: 7, name: 'Alpha beamline' },
    { id: 8, name: 'Beta beamline' },
  ];

  it('stores { instrumentId, timeRequested }, asking for the time when requestTime', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.INSTRUMENT_PICKER, {
      instruments,
      variant: 'dropdown',
      requestTime: true,
    });
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: 'Beta beamline' }));
    expect(input.value()).toEqual({ instrumentId: 8, timeRequested: null });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please specify the time requested'),
    );
    await user.type(screen.getByLabelText('Time requested'), '3');
    expect(input.value()).toEqual({ instrumentId: 8, timeRequested: 3 });
    expect(input.registryErrors()).toEqual([]);
  });

  it('radio without requestTime', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.INSTRUMENT_PICKER, { instruments, variant: 'radio' });
    await user.click(screen.getByRole('radio', { name: 'Alpha beamline' }));
    expect(input.value()).toEqual({ instrumentId: 7, timeRequested: null });
    expect(input.registryErrors()).toEqual([]);
    expect(screen.queryByLabelText('Time requested')).toBeNull();
  });
});
