import Handlebars from 'handlebars';
import type { PdfTemplatePart } from '@user-office/contracts';
import type { ProposalTemplateData } from './proposal-template-data';
import { escapeHtml } from './safe-html';

/** The Handlebars parts of a PDF template (§3 PDF template), as the templates read model has them. */
export interface PdfLayout {
  templateData: string;
  templateHeader: string;
  templateFooter: string;
  /** each declared sample (`sample`), beside the proposal's data (absent: the built-in one) */
  templateSampleDeclaration?: string;
}

/** One HTML document for Chromium: the body, the page header and footer (printed on every page). */
export interface PdfDocument {
  html: string;
  headerTemplate: string;
  footerTemplate: string;
}

/** One proposal to print, with its call's PDF layout (null: the built-in one). */
export interface ProposalPrint {
  data: ProposalTemplateData;
  layout: PdfLayout | null;
}

/**
 * The layout used when the call names no PDF template: title, reference, call, PI, co-proposers, abstract and
 * every answered question by step. `{{ }}` escapes; `answer` is already safe HTML (see FieldData).
 */
export const BUILT_IN_LAYOUT: PdfLayout = {
  templateData: `
<header class="uo-head">
  <div class="uo-reference">{{proposal.proposalId}}</div>
  <h1>{{#if proposal.title}}{{proposal.title}}{{else}}Untitled proposal{{/if}}</h1>
</header>
<table class="uo-facts">
  <tr><th>Reference</th><td>{{proposal.proposalId}}</td></tr>
  {{#if call}}<tr><th>Call</th><td>{{call.shortCode}}{{#if call.title}} – {{call.title}}{{/if}}</td></tr>{{/if}}
  <tr><th>Principal investigator</th><td>{{#with principalInvestigator}}{{name}}{{#if institution}}, {{institution}}{{/if}}{{#if email}} ({{email}}){{/if}}{{else}}–{{/with}}</td></tr>
  <tr><th>Co-proposers</th><td>{{#each coProposers}}{{name}}{{#if institution}}, {{institution}}{{/if}}{{#unless @last}}<br />{{/unless}}{{else}}None{{/each}}</td></tr>
  <tr><th>Status</th><td>{{#if proposal.submitted}}Submitted {{proposal.submittedDate}}{{else}}Draft, created {{proposal.created}}{{/if}}</td></tr>
</table>
<h2>Abstract</h2>
<p class="uo-text">{{proposal.abstract}}</p>
{{#each questionarySteps}}
<section class="uo-step">
  <h2>{{topic.title}}</h2>
  {{#each fields}}
    {{#if isEmbellishment}}
      <div class="uo-embellishment">{{answer}}</div>
    {{else}}
      <div class="uo-field"><div class="uo-question">{{question.question}}</div><div class="uo-answer">{{answer}}</div></div>
      {{declarations}}
    {{/if}}
  {{/each}}
</section>
{{/each}}`,
  templateHeader: `<div style="font-size: 8px; width: 100%; margin: 0 15mm; color: #555; display: flex; justify-content: space-between;">
<span>{{#if proposal}}{{proposal.proposalId}}{{else}}{{proposals.length}} proposals{{/if}}</span>
<span>{{#if proposal}}{{proposal.title}}{{/if}}</span></div>`,
  templateFooter: `<div style="font-size: 8px; width: 100%; margin: 0 15mm; color: #555; text-align: right;">
<span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
  templateSampleDeclaration: `<h3>{{sample.title}}</h3>
{{#each sample.questionarySteps}}
  {{#each fields}}
    {{#if isEmbellishment}}
      <div class="uo-embellishment">{{answer}}</div>
    {{else}}
      <div class="uo-field"><div class="uo-question">{{question.question}}</div><div class="uo-answer">{{answer}}</div></div>
    {{/if}}
  {{/each}}
{{/each}}`,
};

const STYLE = `
@page { size: A4; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #111; }
body { margin: 0; }
h1 { font-size: 17pt; margin: 0 0 8pt; }
h2 { font-size: 13pt; margin: 16pt 0 6pt; border-bottom: 1px solid #ccc; padding-bottom: 2pt; }
.uo-proposal + .uo-proposal { break-before: page; }
.uo-reference { color: #555; font-size: 9pt; }
.uo-facts { border-collapse: collapse; margin: 6pt 0; }
.uo-facts th { text-align: left; vertical-align: top; padding: 2pt 12pt 2pt 0; color: #444; font-weight: 600; white-space: nowrap; }
.uo-facts td { padding: 2pt 0; vertical-align: top; }
.uo-text { white-space: pre-wrap; }
.uo-field { margin: 0 0 8pt; break-inside: avoid; }
.uo-question { font-weight: 600; margin-bottom: 2pt; }
.uo-answer { overflow-wrap: anywhere; }
.uo-answer > :first-child, .uo-embellishment > :first-child { margin-top: 0; }
.uo-answer > :last-child, .uo-embellishment > :last-child { margin-bottom: 0; }
.uo-embellishment { margin: 0 0 8pt; }
.uo-sample { margin: 0 0 8pt 12pt; padding-left: 8pt; border-left: 2px solid #ddd; }
.uo-sample h3 { font-size: 11pt; margin: 0 0 4pt; }
img { max-width: 100%; }
table { max-width: 100%; }
`;

/** A layout whose Handlebars does not compile or run. */
export class PdfLayoutError extends Error {}

const handlebars = Handlebars.create();
const compiled = new Map<string, Handlebars.TemplateDelegate>();
const CACHE_SIZE = 64;

/** Renders a Handlebars layout part (compiled once per distinct text; `{{ }}` escapes). */
export function renderLayoutPart(source: string, data: unknown): string {
  let template = compiled.get(source);
  if (!template) {
    template = handlebars.compile(source, { strict: false, preventIndent: true });
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
    compiled.set(source, template);
  }
  try {
    return template(data);
  } catch (error) {
    // a syntax error surfaces on the first run of a compiled template
    compiled.delete(source);
    throw new PdfLayoutError((error as Error).message);
  }
}

function documentTitle(prints: readonly ProposalPrint[]): string {
  if (prints.length !== 1) return `Proposals (${prints.length})`;
  const { proposalId, title } = prints[0].data.proposal;
  return title ? `${proposalId} ${title}` : proposalId;
}

/** The printed HTML around the rendered sections: the title, the style every PDF shares. */
function htmlDocument(title: string, sections: readonly string[]): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8" /><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${sections.join('\n')}</body></html>`;
}

/**
 * The sample declarations: each sample rendered with the sample declaration part (`sample` beside the rest of the
 * data), one section each. The proposal PDF and the PDF template editor's preview print them with this.
 */
function sampleDeclarations(
  renderSample: (context: unknown) => string,
  data: object,
  samples: readonly unknown[],
): string[] {
  return samples.map((sample) => `<section class="uo-sample">${renderSample({ ...data, sample })}</section>`);
}

/** Does the layout's body place the declarations itself (`{{declarations}}` after a sample declaration question)? */
const placesDeclarations = (layout: PdfLayout) => /\bdeclarations\b/.test(layout.templateData);

/**
 * One HTML document for the given proposals, each rendered with its call's layout (or the built-in one when it
 * has none, or when its layout fails: `onLayoutError` is told) and starting on a new page. The header and
 * footer are those of the first proposal's layout, rendered with that proposal (one proposal) or with
 * `{ proposals }` (several). The declared samples are rendered with the layout's sample declaration part: each
 * SAMPLE_DECLARATION field gets its samples' HTML as `declarations`, which the built-in layout prints after the
 * question; a layout that does not print `declarations` gets them all after its body, as the PDF template
 * editor's preview shows them.
 */
export function buildProposalsDocument(
  prints: readonly ProposalPrint[],
  onLayoutError: (error: PdfLayoutError, print: ProposalPrint) => void = () => undefined,
): PdfDocument {
  const render = (print: ProposalPrint, part: keyof PdfTemplateTexts, data: unknown): string => {
    const layout = print.layout ?? BUILT_IN_LAYOUT;
    const source = layout[part] ?? BUILT_IN_LAYOUT[part] ?? '';
    try {
      return renderLayoutPart(source, data);
    } catch (error) {
      if (!(error instanceof PdfLayoutError) || layout === BUILT_IN_LAYOUT) throw error;
      onLayoutError(error, print);
      return renderLayoutPart(BUILT_IN_LAYOUT[part] ?? '', data);
    }
  };
  const body = (print: ProposalPrint): string => {
    const layout = print.layout ?? BUILT_IN_LAYOUT;
    const renderSample = (context: unknown) => render(print, 'templateSampleDeclaration', context);
    const declarationsOf = (samples: readonly unknown[]) =>
      new Handlebars.SafeString(sampleDeclarations(renderSample, print.data, samples).join('\n'));
    if (!placesDeclarations(layout))
      return [
        render(print, 'templateData', print.data),
        ...sampleDeclarations(renderSample, print.data, print.data.samples),
      ].join('\n');
    const data = {
      ...print.data,
      questionarySteps: print.data.questionarySteps.map((step) => ({
        ...step,
        fields: step.fields.map((field) =>
          field.samples ? { ...field, declarations: declarationsOf(field.samples) } : field,
        ),
      })),
    };
    return render(print, 'templateData', data);
  };
  const sections = prints.map(
    (print) =>
      `<section class="uo-proposal" data-proposal-pk="${print.data.proposal.primaryKey}">${body(print)}</section>`,
  );
  const first = prints[0];
  const pageData = prints.length === 1 ? first.data : { proposals: prints.map((p) => p.data) };
  return {
    html: htmlDocument(documentTitle(prints), sections),
    headerTemplate: first ? render(first, 'templateHeader', pageData) : '',
    footerTemplate: first ? render(first, 'templateFooter', pageData) : '',
  };
}

/** Every part of a PDF template (§3 PDF template), as the editor has them. */
export interface PdfTemplateTexts extends PdfLayout {
  templateSampleDeclaration: string;
}

/** A part of a PDF template that does not compile or run with the data given. */
export class PdfTemplatePartError extends PdfLayoutError {
  constructor(
    readonly part: PdfTemplatePart,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The preview of a PDF template (the editor's, unsaved): its parts rendered with `data` (the dummy data) the way a
 * proposal's PDF renders its call's layout: the body in one section, the header and footer with the same data.
 * Each entry of `data.samples` (when a list) is rendered with the sample declaration part as `sample` after the
 * body; without samples the part is still compiled, so that its mistakes show. Throws PdfTemplatePartError naming
 * the first part that fails — no built-in layout stands in.
 */
export function buildTemplatePreviewDocument(
  texts: PdfTemplateTexts,
  data: Record<string, unknown>,
): PdfDocument {
  const render = (part: PdfTemplatePart, context: unknown): string => {
    try {
      return renderLayoutPart(texts[part], context);
    } catch (error) {
      if (error instanceof PdfLayoutError) throw new PdfTemplatePartError(part, error.message);
      throw error;
    }
  };
  const body = render('templateData', data);
  const samples = Array.isArray(data.samples) ? (data.samples as unknown[]) : [];
  const declarations = sampleDeclarations(
    (context) => render('templateSampleDeclaration', context),
    data,
    samples,
  );
  if (samples.length === 0) render('templateSampleDeclaration', { ...data, sample: {} });
  return {
    html: htmlDocument('PDF template preview', [
      `<section class="uo-proposal">${body}</section>`,
      ...declarations,
    ]),
    headerTemplate: render('templateHeader', data),
    footerTemplate: render('templateFooter', data),
  };
}
