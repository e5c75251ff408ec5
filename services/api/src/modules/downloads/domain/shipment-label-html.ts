import bwipjs from 'bwip-js/node';
import { escapeHtml } from './safe-html';

/** What a shipment label prints (the controller loads it; this file only lays it out). */
export interface ShipmentLabelFacts {
  shipment: { id: number; title: string; status: string; created: string };
  /** the facility: ORGANISATION_NAME and the FACILITY_ADDRESS setting's lines */
  facility: { name: string; addressLines: readonly string[] };
  proposal: { proposalId: string; title: string };
  /** the experiment the shipment is for, when it has one */
  experimentId: string | null;
  samples: readonly { id: number; title: string }[];
}

/** FACILITY_ADDRESS as lines: split on new lines or semicolons, blank lines dropped. */
export function addressLines(setting: string): string[] {
  return setting
    .split(/\r?\n|;/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The shipment id as a Code 128 barcode (bwip-js), an SVG of bars only: a scanner reads the id's digits, and the
 * label prints the id as text beside it (the SVG's own text would be outlines, not text).
 */
export function shipmentBarcodeSvg(shipmentId: number): string {
  return bwipjs.toSVG({
    bcid: 'code128',
    text: String(shipmentId),
    scale: 3,
    height: 18,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}

const STYLE = `body { font-family: sans-serif; font-size: 12pt; margin: 0; }
.label { border: 2px solid #000; padding: 18px 22px; }
h1 { font-size: 18pt; margin: 0 0 12px; }
h2 { font-size: 12pt; margin: 16px 0 4px; color: #333; }
.to { font-size: 15pt; line-height: 1.35; }
.barcode { margin: 18px 0 4px; text-align: center; }
.barcode svg { width: 90mm; height: auto; }
.id { text-align: center; font-size: 16pt; font-weight: bold; letter-spacing: 0.1em; }
table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #999; padding: 4px 6px; text-align: left; }
.meta { color: #444; }`;

/** Pure: the HTML of a shipment's label — deliver to, the barcode and id, the shipment, its proposal, its samples. */
export function shipmentLabelHtml(facts: ShipmentLabelFacts, barcodeSvg: string): string {
  const { shipment, facility, proposal, samples } = facts;
  const to = [facility.name, ...facility.addressLines].map(escapeHtml).join('<br />');
  const sampleRows = samples.length
    ? `<table><thead><tr><th>Sample ID</th><th>Title</th></tr></thead><tbody>${samples
        .map((s) => `<tr><td>${s.id}</td><td>${escapeHtml(s.title)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="meta">No samples</p>';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shipment ${shipment.id}</title><style>${STYLE}</style></head><body>
<div class="label">
<h1>Shipment label</h1>
<h2>Deliver to</h2>
<p class="to">${to}</p>
<div class="barcode">${barcodeSvg}</div>
<p class="id">Shipment ID ${shipment.id}</p>
<h2>Shipment</h2>
<p>${escapeHtml(shipment.title)}<br /><span class="meta">${escapeHtml(shipment.status)}, declared ${escapeHtml(shipment.created)}</span></p>
<h2>Proposal</h2>
<p>${escapeHtml(proposal.proposalId)}: ${escapeHtml(proposal.title)}${
    facts.experimentId ? `<br /><span class="meta">Experiment ${escapeHtml(facts.experimentId)}</span>` : ''
  }</p>
<h2>Samples (${samples.length})</h2>
${sampleRows}
</div>
</body></html>`;
}
