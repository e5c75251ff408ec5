import { DataType, questionType } from '@user-office/contracts';
import { renderAnswer, type AnswerRenderContext } from './render-answer';
import { escapeHtml } from './safe-html';
import type { StepFacts } from './proposal-template-data';

/** A part of the sample's PDF: its declaration, or its safety input on one experiment. */
export interface SampleSection {
  heading: string;
  steps: readonly StepFacts[];
}

const STYLE = `body { font-family: sans-serif; font-size: 11pt; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4px; } h2 { font-size: 13pt; margin: 18px 0 6px; } h3 { font-size: 11pt; margin: 10px 0 4px; }
table { border-collapse: collapse; width: 100%; } td { border: 1px solid #ccc; padding: 4px 6px; vertical-align: top; }
td.q { width: 40%; color: #333; } .meta { color: #555; }`;

/** Pure: the HTML of a sample's PDF — its title and proposal, then each section's answered questions by step. */
export function sampleDocumentHtml(
  sample: { title: string; proposalId: string; proposalTitle: string },
  sections: readonly SampleSection[],
  context: AnswerRenderContext,
): string {
  const parts = sections.map((section) => {
    const steps = section.steps
      .map((step) => {
        const rows = step.fields.flatMap((field) => {
          const { question, config, value } = field;
          if (question.dataType === DataType.EMBELLISHMENT || questionType(question.dataType).isBasis)
            return [];
          const rendered = renderAnswer(question.dataType, config, value, context);
          return rendered
            ? [`<tr><td class="q">${escapeHtml(question.question)}</td><td>${rendered.html}</td></tr>`]
            : [];
        });
        return rows.length ? `<h3>${escapeHtml(step.topic.title)}</h3><table>${rows.join('')}</table>` : '';
      })
      .join('');
    return `<h2>${escapeHtml(section.heading)}</h2>${steps || '<p class="meta">No answers</p>'}`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
<h1>${escapeHtml(sample.title)}</h1>
<p class="meta">Proposal ${escapeHtml(sample.proposalId)}: ${escapeHtml(sample.proposalTitle)}</p>
${parts.join('\n')}
</body></html>`;
}
