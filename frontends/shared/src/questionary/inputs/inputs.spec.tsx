import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType, NumberValueConstraint, type Unit } from '@user-office/contracts';
import { questionInputs } from './index';
import { QUESTION_TEXT, renderInput } from './test-harness';

const label = new RegExp(QUESTION_TEXT.replace('?', '\\?'));

const metre: Unit = { id: 'metre', unit: 'metre', quantity: 'length', symbol: 'm', siConversionFormula: 'x' };
const millimetre: Unit = {
  id: 'millimetre',
  unit: 'millimetre',
  quantity: 'length',
  symbol: 'mm',
  siConversionFormula: 'x / 1000',
};

describe('the registry of inputs', () => {
  it('has an input for every answerable non-basis type except the sub templates', () => {
    expect(Object.keys(questionInputs).sort()).toEqual(
      [
        DataType.BOOLEAN,
        DataType.DATE,
        DataType.DYNAMIC_MULTIPLE_CHOICE,
        DataType.EMBELLISHMENT,
        DataType.FILE_UPLOAD,
        DataType.INSTRUMENT_PICKER,
        DataType.INTERVAL,
        DataType.NUMBER_INPUT,
        DataType.RICH_TEXT_INPUT,
        DataType.SELECTION_FROM_OPTIONS,
        DataType.TECHNIQUE_PICKER,
        DataType.TEXT_INPUT,
      ].sort(),
    );
  });
});

describe('TEXT_INPUT', () => {
  it('stores the typed text, which the registry accepts, with a counter against max', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.TEXT_INPUT, { max: 10, placeholder: 'Type here' });
    const box = screen.getByLabelText(label);
    expect(box.getAttribute('placeholder')).toBe('Type here');
    await user.type(box, 'hello');
    expect(input.value()).toBe('hello');
    expect(input.registryErrors()).toEqual([]);
    expect(document.getElementById('question-q_1-counter')?.textContent).toBe('5/10 characters');
  });

  it("shows the registry's messages (min length, required)", async () => {
    const user = userEvent.setup();
    renderInput(DataType.TEXT_INPUT, { min: 3, required: true });
    const box = screen.getByLabelText(label);
    expect(box.getAttribute('aria-required')).toBe('true');
    await user.type(box, 'ab');
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Value must be at least 3 characters');
    expect(box.getAttribute('aria-describedby')).toContain('question-q_1-error');
    await user.clear(box);
    expect((await screen.findByRole('alert')).textContent).toBe('This is a required field');
  });

  it('is a textarea when multiline, hides the counter when asked, and is disabled when read-only', () => {
    renderInput(
      DataType.TEXT_INPUT,
      { multiline: true, isCounterHidden: true },
      { value: 'x', readonly: true },
    );
    const box = screen.getByLabelText(label);
    expect(box.tagName).toBe('TEXTAREA');
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    expect(document.getElementById('question-q_1-counter')).toBeNull();
  });

  it('shows the config tooltip and the small label', async () => {
    renderInput(DataType.TEXT_INPUT, { tooltip: 'Some help', small_label: 'In words' });
    expect(screen.getByRole('button', { name: 'Some help' })).toBeTruthy();
    expect(screen.getByText('In words').id).toBe('question-q_1-small-label');
  });
});

// RICH_TEXT_INPUT: RichTextInput.spec.tsx (the TipTap editor)

describe('NUMBER_INPUT', () => {
  it('stores { value, unit, siValue } with the chosen unit', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.NUMBER_INPUT, { units: [metre, millimetre] });
    await user.type(screen.getByLabelText(label), '12.5');
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'millimetre (mm)' }));
    expect(input.value()).toEqual({ value: 12.5, unit: millimetre, siValue: 0.0125 });
    expect(input.registryErrors()).toEqual([]);
  });

  it('asks for a unit when units are offered, and picks a single offered unit itself', async () => {
    const user = userEvent.setup();
    const two = renderInput(DataType.NUMBER_INPUT, { units: [metre, millimetre] });
    await user.type(screen.getByLabelText(label), '3');
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a unit');
    two.unmount();
    const one = renderInput(DataType.NUMBER_INPUT, { units: [metre] });
    await user.type(screen.getByLabelText(label), '3');
    expect(one.value()).toEqual({ value: 3, unit: metre, siValue: 3 });
  });

  it("shows the registry's constraint and number messages", async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.NUMBER_INPUT, {
      numberValueConstraint: NumberValueConstraint.ONLY_POSITIVE,
    });
    const box = screen.getByLabelText(label);
    await user.type(box, '-4');
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Value must be a positive number');
    await user.clear(box);
    await user.type(box, '4x');
    expect((await screen.findByRole('alert')).textContent).toBe('Value must be a number');
    await user.clear(box);
    expect(input.value()).toEqual({ value: null, unit: null, siValue: null });
    expect(input.registryErrors()).toEqual([]);
  });
});

describe('INTERVAL', () => {
  it('stores { min, max, unit, siMin, siMax }', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.INTERVAL, { units: [millimetre] });
    await user.type(screen.getByLabelText('Min'), '1');
    await user.type(screen.getByLabelText('Max'), '5');
    expect(input.value()).toEqual({ min: 1, max: 5, unit: millimetre, siMin: 0.001, siMax: 0.005 });
    expect(input.registryErrors()).toEqual([]);
    expect(screen.getByRole('group', { name: label })).toBeTruthy();
  });

  it("shows the registry's message when min is above max", async () => {
    const user = userEvent.setup();
    renderInput(DataType.INTERVAL);
    await user.type(screen.getByLabelText('Min'), '9');
    await user.type(screen.getByLabelText('Max'), '2');
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Min must be less than or equal to Max');
  });
});

describe('DATE', () => {
  it('stores a date as yyyy-MM-dd', async () => {
    const input = renderInput(DataType.DATE, { minDate: '2025-01-01' });
    const box = screen.getByLabelText(label);
    expect(box.getAttribute('type')).toBe('date');
    expect(box.getAttribute('min')).toBe('2025-01-01');
    await act(async () => {
      fireEvent.change(box, { target: { value: '2025-03-01' } });
    });
    expect(input.value()).toBe('2025-03-01');
    expect(input.registryErrors()).toEqual([]);
  });

  it('stores a date-time as a full ISO string when includeTime', async () => {
    const input = renderInput(DataType.DATE, { includeTime: true });
    const box = screen.getByLabelText(label);
    expect(box.getAttribute('type')).toBe('datetime-local');
    await act(async () => {
      fireEvent.change(box, { target: { value: '2025-03-01T10:30' } });
    });
    expect(input.value()).toBe(new Date('2025-03-01T10:30').toISOString());
    expect(input.registryErrors()).toEqual([]);
    expect((box as HTMLInputElement).value).toBe('2025-03-01T10:30');
  });

  it("shows the registry's message for a date after max", async () => {
    renderInput(DataType.DATE, { maxDate: '2025-01-01' });
    const box = screen.getByLabelText(label);
    await act(async () => {
      fireEvent.change(box, { target: { value: '2025-03-01' } });
    });
    await act(async () => {
      fireEvent.blur(box);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Date must be on or before 2025-01-01');
  });
});

describe('BOOLEAN', () => {
  it('stores true / false; a required one must be checked', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.BOOLEAN, { required: true });
    const box = screen.getByRole('checkbox', { name: label });
    await user.click(box);
    expect(input.value()).toBe(true);
    expect(input.registryErrors()).toEqual([]);
    await user.click(box);
    expect(input.value()).toBe(false);
    expect((await screen.findByRole('alert')).textContent).toBe('This is a required field');
  });

  it('is disabled when read-only', () => {
    renderInput(DataType.BOOLEAN, {}, { readonly: true });
    expect((screen.getByRole('checkbox', { name: label }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('EMBELLISHMENT', () => {
  it('shows the html without scripts or handlers', () => {
    renderInput(DataType.EMBELLISHMENT, {
      html: '<h2 onclick="alert(1)">Safety</h2><script>alert(2)</script><a href="javascript:alert(3)">x</a><p>Read <b>this</b></p>',
      plain: 'Safety',
    });
    const box = document.getElementById('question-q_1');
    expect(box?.innerHTML).toContain('<h2>Safety</h2>');
    expect(box?.innerHTML).toContain('<p>Read <b>this</b></p>');
    expect(box?.querySelector('script')).toBeNull();
    expect(box?.querySelector('[onclick]')).toBeNull();
    expect(box?.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Safety' })).toBeTruthy();
  });

  it('shows the plain description when there is no html', () => {
    renderInput(DataType.EMBELLISHMENT, { html: '', plain: 'Just text' });
    expect(screen.getByText('Just text')).toBeTruthy();
  });
});
