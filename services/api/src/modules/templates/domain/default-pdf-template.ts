import type { PdfTemplateData } from '@user-office/contracts';

/**
 * The layout of a new PDF template: Handlebars HTML rendered with the proposal (`proposal`, `principalInvestigator`,
 * `coProposers`, `questionarySteps` with answered questions, `samples`, `genericTemplates`).
 */
export const DEFAULT_PDF_TEMPLATE: PdfTemplateData = {
  templateData: [
    '<h1>{{proposal.proposalId}} {{proposal.title}}</h1>',
    '<p><strong>Principal investigator:</strong> {{principalInvestigator.firstname}} {{principalInvestigator.lastname}}</p>',
    '<h2>Abstract</h2>',
    '<p>{{proposal.abstract}}</p>',
    '{{#each questionarySteps}}',
    '  <h2>{{topic.title}}</h2>',
    '  {{#each fields}}<p><strong>{{question.question}}</strong><br/>{{answer}}</p>{{/each}}',
    '{{/each}}',
  ].join('\n'),
  templateHeader:
    '<div style="font-size: 8px; width: 100%; text-align: right;">{{proposal.proposalId}}</div>',
  templateFooter:
    '<div style="font-size: 8px; width: 100%; text-align: center;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
  templateSampleDeclaration: '<h3>{{sample.title}}</h3>',
  dummyData: JSON.stringify(
    {
      proposal: { proposalId: '123456', title: 'A sample proposal', abstract: 'What we want to measure.' },
      principalInvestigator: { firstname: 'Ada', lastname: 'Lovelace' },
      questionarySteps: [],
    },
    null,
    2,
  ),
};
