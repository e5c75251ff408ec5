import axe from 'axe-core';
import { DataType, type Unit } from '@user-office/contracts';
import { renderInput } from './test-harness';

const metre: Unit = { id: 'metre', unit: 'metre', quantity: 'length', symbol: 'm', siConversionFormula: 'x' };

const cases: [DataType, Record<string, unknown>][] = [
  [DataType.TEXT_INPUT, { required: true, tooltip: 'Help', small_label: 'Small', max: 5 }],
  [DataType.TEXT_INPUT, { multiline: true }],
  [DataType.RICH_TEXT_INPUT, { max: 100 }],
  [DataType.RICH_TEXT_INPUT, { required: true, allowImages: true, tooltip: 'Help', small_label: 'Small' }],
  [DataType.NUMBER_INPUT, { units: [metre], tooltip: 'Help' }],
  [DataType.INTERVAL, { units: [metre], small_label: 'Range' }],
  [DataType.DATE, { includeTime: true }],
  [DataType.BOOLEAN, { required: true, tooltip: 'Help' }],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['A', 'B'], variant: 'radio', required: true }],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['A', 'B'], variant: 'radio', isMultipleSelect: true }],
  [DataType.SELECTION_FROM_OPTIONS, { options: ['A', 'B'], variant: 'dropdown' }],
  [
    DataType.TECHNIQUE_PICKER,
    { techniques: [{ id: 1, name: 'T' }], variant: 'dropdown', isMultipleSelect: true },
  ],
  [DataType.INSTRUMENT_PICKER, { instruments: [{ id: 1, name: 'I' }], variant: 'radio' }],
  [DataType.EMBELLISHMENT, { html: '<h3>Title</h3><p>Text</p>', plain: 'Title' }],
  [DataType.FILE_UPLOAD, { file_type: ['.pdf'], max_files: 2, tooltip: 'Help' }],
];

describe('accessibility (axe)', () => {
  it.each(cases)('%s %j has no violations', async (dataType, config) => {
    const { container, submit } = renderInput(dataType, config);
    await submit();
    const result = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
