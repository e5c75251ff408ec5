import { addressLines, shipmentBarcodeSvg, shipmentLabelHtml } from './shipment-label-html';

const facts = {
  shipment: { id: 42, title: 'Crystals <2>', status: 'SUBMITTED', created: '27-11-2026' },
  facility: { name: 'Neutron Source', addressLines: ['Goods receipt', '1 Beamline Road'] },
  proposal: { proposalId: '000123', title: 'Spin & waves' },
  experimentId: '7',
  samples: [
    { id: 5, title: 'Quartz' },
    { id: 6, title: 'Powder <b>' },
  ],
};

describe('the shipment label', () => {
  it('reads FACILITY_ADDRESS as lines split on new lines or semicolons', () => {
    expect(addressLines(' Goods receipt; 1 Beamline Road\r\n\n12345 Science City ;')).toEqual([
      'Goods receipt',
      '1 Beamline Road',
      '12345 Science City',
    ]);
    expect(addressLines('')).toEqual([]);
  });

  it('draws the id as a Code 128 barcode: an SVG of bars, the same for the same id, another for another', () => {
    const svg = shipmentBarcodeSvg(42);
    expect(svg).toMatch(/^<svg [^>]*viewBox/);
    expect(svg).toContain('<path');
    expect(shipmentBarcodeSvg(42)).toBe(svg);
    expect(shipmentBarcodeSvg(43)).not.toBe(svg);
  });

  it('prints the facility, the id beside the barcode, the shipment, the proposal and the samples, escaped', () => {
    const html = shipmentLabelHtml(facts, '<svg id="bars"></svg>');
    expect(html).toContain('Neutron Source<br />Goods receipt<br />1 Beamline Road');
    expect(html).toContain('<div class="barcode"><svg id="bars"></svg></div>');
    expect(html).toContain('Shipment ID 42');
    expect(html).toContain('Crystals &#60;2&#62;');
    expect(html).toContain('000123: Spin &#38; waves');
    expect(html).toContain('Experiment 7');
    expect(html).toContain('<td>6</td><td>Powder &#60;b&#62;</td>');
    expect(html).not.toContain('<b>');
    expect(shipmentLabelHtml({ ...facts, samples: [], experimentId: null }, '')).toContain('No samples');
  });
});
