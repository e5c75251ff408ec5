import { DataType } from '@user-office/contracts';
import { isShownAnswer, renderAnswer, type AnswerRenderContext } from './render-answer';

const context: AnswerRenderContext = {
  dateFormat: 'dd-MM-yyyy',
  dateTimeFormat: 'dd-MM-yyyy HH:mm',
  timeZone: 'Europe/Stockholm',
  fileNames: new Map([
    ['f1', 'sample <1>.pdf'],
    ['f2', 'photo.png'],
  ]),
  allocationTimeUnit: 'Day',
};
const mm = {
  id: 'millimeter',
  unit: 'millimeter',
  quantity: 'length',
  symbol: 'mm',
  siConversionFormula: 'x / 1000',
};
const render = (dataType: DataType, value: unknown, config: Record<string, unknown> = {}) =>
  renderAnswer(dataType, config, value, context);

describe('renderAnswer: each data type as readable text and safe HTML', () => {
  it('BOOLEAN: Yes / No; not answered when null', () => {
    expect(render(DataType.BOOLEAN, true)).toEqual({ text: 'Yes', html: 'Yes' });
    expect(render(DataType.BOOLEAN, false)).toEqual({ text: 'No', html: 'No' });
    expect(render(DataType.BOOLEAN, null)).toBeNull();
  });

  it('TEXT_INPUT: the text, escaped, line breaks kept; blank is unanswered', () => {
    expect(render(DataType.TEXT_INPUT, 'a <b>bold</b> & "quoted"\nsecond line')).toEqual({
      text: 'a <b>bold</b> & "quoted"\nsecond line',
      html: 'a &#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34;<br />second line',
    });
    expect(render(DataType.TEXT_INPUT, '   ')).toBeNull();
  });

  it('RICH_TEXT_INPUT: sanitised HTML (no scripts, handlers or remote images) and its text', () => {
    const answer = render(
      DataType.RICH_TEXT_INPUT,
      '<p onclick="x()">Hello <strong>world</strong><script>alert(1)</script></p><img src="http://evil/x.png"><iframe src="x"></iframe>',
    );
    expect(answer).toEqual({ text: 'Hello world', html: '<p>Hello <strong>world</strong></p>' });
    expect(render(DataType.RICH_TEXT_INPUT, '<p><br></p>')).toBeNull();
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    expect(render(DataType.RICH_TEXT_INPUT, `<p><img src="${image}" alt="fig"></p>`)?.html).toBe(
      `<p><img src="${image}" alt="fig" /></p>`,
    );
  });

  it('DATE: in the DATE_FORMAT setting; with includeTime in DATE_TIME_FORMAT and the TIMEZONE', () => {
    expect(render(DataType.DATE, '2030-05-01')).toEqual({ text: '01-05-2030', html: '01-05-2030' });
    expect(render(DataType.DATE, '2030-05-01T10:30:00.000Z', { includeTime: true })?.text).toBe(
      '01-05-2030 12:30',
    );
    expect(
      renderAnswer(DataType.DATE, {}, '2030-12-24', { ...context, dateFormat: 'yyyy/MM/dd' })?.text,
    ).toBe('2030/12/24');
    expect(render(DataType.DATE, null)).toBeNull();
  });

  it('NUMBER_INPUT: the number with its unit symbol, or alone', () => {
    expect(render(DataType.NUMBER_INPUT, { value: 12.5, unit: mm, siValue: 0.0125 })?.text).toBe('12.5 mm');
    expect(render(DataType.NUMBER_INPUT, { value: 0.1 + 0.2, unit: null, siValue: null })?.text).toBe('0.3');
    expect(render(DataType.NUMBER_INPUT, { value: null, unit: mm, siValue: null })).toBeNull();
  });

  it('INTERVAL: "min – max unit"', () => {
    expect(render(DataType.INTERVAL, { min: 1, max: 5, unit: mm, siMin: 0.001, siMax: 0.005 })?.text).toBe(
      '1 – 5 mm',
    );
    expect(render(DataType.INTERVAL, { min: -2, max: 3, unit: null, siMin: -2, siMax: 3 })?.text).toBe(
      '-2 – 3',
    );
    expect(render(DataType.INTERVAL, { min: null, max: null, unit: null })).toBeNull();
  });

  it('SELECTION_FROM_OPTIONS and DYNAMIC_MULTIPLE_CHOICE: the selected options joined', () => {
    expect(render(DataType.SELECTION_FROM_OPTIONS, ['b'])?.text).toBe('b');
    expect(render(DataType.SELECTION_FROM_OPTIONS, ['a', '<c>'])).toEqual({
      text: 'a, <c>',
      html: 'a, &#60;c&#62;',
    });
    expect(render(DataType.DYNAMIC_MULTIPLE_CHOICE, ['x', 'y'])?.text).toBe('x, y');
    expect(render(DataType.SELECTION_FROM_OPTIONS, [])).toBeNull();
  });

  it('INSTRUMENT_PICKER: the instrument by name, with the time requested in the call unit', () => {
    const config = { instruments: [{ id: 3, name: 'D22' }] };
    expect(render(DataType.INSTRUMENT_PICKER, { instrumentId: 3, timeRequested: 4 }, config)?.text).toBe(
      'D22, time requested: 4 day(s)',
    );
    expect(render(DataType.INSTRUMENT_PICKER, { instrumentId: 9, timeRequested: null }, config)?.text).toBe(
      'Instrument 9',
    );
    expect(
      render(DataType.INSTRUMENT_PICKER, { instrumentId: null, timeRequested: null }, config),
    ).toBeNull();
  });

  it('TECHNIQUE_PICKER: the techniques by name', () => {
    const config = {
      techniques: [
        { id: 1, name: 'SANS' },
        { id: 2, name: 'Diffraction' },
      ],
    };
    expect(render(DataType.TECHNIQUE_PICKER, [2, 1], config)?.text).toBe('Diffraction, SANS');
  });

  it('FILE_UPLOAD: the file names (with captions), one per line', () => {
    expect(
      render(DataType.FILE_UPLOAD, [{ id: 'f1' }, { id: 'f2', caption: 'Figure 1' }, { id: 'gone' }]),
    ).toEqual({
      text: 'sample <1>.pdf, photo.png (Figure 1), missing file',
      html: 'sample &#60;1&#62;.pdf<br />photo.png (Figure 1)<br />missing file',
    });
    expect(render(DataType.FILE_UPLOAD, [])).toBeNull();
  });

  it('GENERIC_TEMPLATE and SAMPLE_DECLARATION: how many entries', () => {
    expect(render(DataType.GENERIC_TEMPLATE, [4, 5])?.text).toBe('2 entries');
    expect(render(DataType.GENERIC_TEMPLATE, [4])?.text).toBe('1 entry');
    expect(render(DataType.SAMPLE_DECLARATION, [7])?.text).toBe('1 sample');
    expect(render(DataType.SAMPLE_DECLARATION, [7, 8, 9])?.text).toBe('3 samples');
  });

  it('EMBELLISHMENT and the *_BASIS types have no answer to show', () => {
    expect(render(DataType.EMBELLISHMENT, null)).toBeNull();
    expect(render(DataType.PROPOSAL_BASIS, 'x')).toBeNull();
    expect(isShownAnswer(DataType.EMBELLISHMENT, 'x')).toBe(false);
    expect(isShownAnswer(DataType.SAMPLE_BASIS, 'A title')).toBe(false);
  });
});
