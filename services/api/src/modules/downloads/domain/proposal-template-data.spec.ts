import { DataType } from '@user-office/contracts';
import { buildProposalsDocument, type ProposalPrint } from './proposal-html';
import {
  buildProposalTemplateData,
  type PersonFacts,
  type ProposalFactsBundle,
  type StepFacts,
} from './proposal-template-data';

const dates = { dateFormat: 'dd-MM-yyyy', dateTimeFormat: 'dd-MM-yyyy HH:mm', timeZone: 'UTC' };

const person = (id: number, firstname: string, extra: Partial<PersonFacts> = {}): PersonFacts => ({
  id,
  user_title: null,
  firstname,
  lastname: 'Curie',
  preferredname: null,
  email: `${firstname.toLowerCase()}@example.org`,
  position: null,
  department: null,
  institution: 'ESS',
  ...extra,
});

const field = (
  id: string,
  dataType: DataType,
  value: unknown,
  config: Record<string, unknown> = {},
  question = `Question ${id}`,
): StepFacts['fields'][number] => ({ question: { id, question, naturalKey: id, dataType }, config, value });

function bundle(overrides: Partial<ProposalFactsBundle> = {}): ProposalFactsBundle {
  return {
    proposal: {
      primaryKey: 7,
      proposalId: 'UO26-0007',
      title: 'Magnetic <order>',
      abstract: 'We will measure it & more.',
      submitted: true,
      submittedDate: new Date('2026-02-03T09:04:00Z'),
      created: new Date('2026-01-15T12:00:00Z'),
    },
    principalInvestigator: person(2, 'Marie', { preferredname: 'Maria' }),
    coProposers: [person(3, 'Pierre', { institution: null })],
    call: { id: 1, shortCode: 'CALL-1', title: 'Spring', allocationTimeUnit: 'Day' },
    steps: [
      {
        topic: { id: 10, title: 'New proposal' },
        fields: [
          field('basis', DataType.PROPOSAL_BASIS, null),
          field('aim', DataType.TEXT_INPUT, 'Find <the> order', {}, 'Scientific aim'),
          field('skipped', DataType.TEXT_INPUT, null),
          field('intro', DataType.EMBELLISHMENT, null, {
            html: '<p>Read <b>this</b></p>',
            omitFromPdf: false,
          }),
          field('hidden', DataType.EMBELLISHMENT, null, { html: '<p>Internal note</p>', omitFromPdf: true }),
          field('safe', DataType.BOOLEAN, false, {}, 'Hazardous?'),
          field('files', DataType.FILE_UPLOAD, [{ id: 'f1' }], {}, 'Attachments'),
          field(
            'notes',
            DataType.RICH_TEXT_INPUT,
            '<p>Rich <em>text</em><script>x()</script></p>',
            {},
            'Notes',
          ),
        ],
      },
      {
        topic: { id: 11, title: 'Only an embellishment and blanks' },
        fields: [
          field('deco', DataType.EMBELLISHMENT, null, { html: '<p>Deco</p>', omitFromPdf: false }),
          field('blank', DataType.SELECTION_FROM_OPTIONS, []),
        ],
      },
    ],
    ...overrides,
  };
}

const files = new Map([['f1', 'plan.pdf']]);

describe('buildProposalTemplateData', () => {
  const data = buildProposalTemplateData(bundle(), dates, files);

  it('gives the proposal, people (display names) and call, dates in the settings formats', () => {
    expect(data.proposal).toEqual({
      primaryKey: 7,
      proposalId: 'UO26-0007',
      title: 'Magnetic <order>',
      abstract: 'We will measure it & more.',
      submitted: true,
      submittedDate: '03-02-2026 09:04',
      created: '15-01-2026',
    });
    expect(data.principalInvestigator).toMatchObject({
      firstname: 'Marie',
      name: 'Maria Curie',
      institution: 'ESS',
    });
    expect(data.coProposers.map((p) => p.name)).toEqual(['Pierre Curie']);
    expect(data.call).toEqual({ id: 1, shortCode: 'CALL-1', title: 'Spring' });
  });

  it('keeps answered questions and shown embellishments by step; drops the rest and empty steps', () => {
    expect(data.questionarySteps).toHaveLength(1);
    const [step] = data.questionarySteps;
    expect(step.topic).toEqual({ id: 10, title: 'New proposal' });
    expect(
      step.fields.map((f) => [f.question.id, f.isEmbellishment, f.answerText, f.answer.toHTML()]),
    ).toEqual([
      ['aim', false, 'Find <the> order', 'Find &#60;the&#62; order'],
      ['intro', true, '', '<p>Read <b>this</b></p>'],
      ['safe', false, 'No', 'No'],
      ['files', false, 'plan.pdf', 'plan.pdf'],
      ['notes', false, 'Rich text', '<p>Rich <em>text</em></p>'],
    ]);
  });

  it('has no PI when the user is gone, no co-proposers, no call', () => {
    const bare = buildProposalTemplateData(
      bundle({ principalInvestigator: null, coProposers: [], call: null, steps: [] }),
      dates,
      new Map(),
    );
    expect(bare).toMatchObject({
      principalInvestigator: null,
      coProposers: [],
      call: null,
      questionarySteps: [],
    });
  });
});

describe('buildProposalsDocument', () => {
  const print = (overrides: Partial<ProposalFactsBundle> = {}, layout: ProposalPrint['layout'] = null) => ({
    data: buildProposalTemplateData(bundle(overrides), dates, files),
    layout,
  });

  it('the built-in layout: title, reference, PI, co-proposers, abstract and every answer, all escaped', () => {
    const { html, headerTemplate, footerTemplate } = buildProposalsDocument([print()]);
    expect(html).toContain('<title>UO26-0007 Magnetic &#60;order&#62;</title>');
    expect(html).toContain('<h1>Magnetic &lt;order&gt;</h1>');
    expect(html).not.toContain('<order>');
    expect(html).toContain('Maria Curie, ESS (marie@example.org)');
    expect(html).toContain('Pierre Curie');
    expect(html).toContain('We will measure it &amp; more.');
    expect(html).toContain(
      '<div class="uo-question">Scientific aim</div><div class="uo-answer">Find &#60;the&#62; order</div>',
    );
    expect(html).toContain('<div class="uo-answer"><p>Rich <em>text</em></p></div>');
    expect(html).toContain('<p>Read <b>this</b></p>');
    expect(html).not.toContain('Internal note');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Submitted 03-02-2026 09:04');
    expect(headerTemplate).toContain('UO26-0007');
    expect(footerTemplate).toContain('class="pageNumber"');
  });

  it("a call's Handlebars layout: {{ }} escapes, answers are inserted as the safe HTML they are", () => {
    const layout = {
      templateData:
        '<h1>{{proposal.proposalId}} {{proposal.title}}</h1><p>{{principalInvestigator.firstname}}</p>{{#each questionarySteps}}<h2>{{topic.title}}</h2>{{#each fields}}<p><strong>{{question.question}}</strong><br/>{{answer}}</p>{{/each}}{{/each}}',
      templateHeader: '<div>{{proposal.proposalId}}</div>',
      templateFooter: '',
    };
    const { html, headerTemplate, footerTemplate } = buildProposalsDocument([print({}, layout)]);
    expect(html).toContain('<h1>UO26-0007 Magnetic &lt;order&gt;</h1><p>Marie</p><h2>New proposal</h2>');
    expect(html).toContain('<p><strong>Scientific aim</strong><br/>Find &#60;the&#62; order</p>');
    expect(html).toContain('<p><strong>Notes</strong><br/><p>Rich <em>text</em></p></p>');
    expect(html).not.toContain('class="uo-facts"');
    expect(headerTemplate).toBe('<div>UO26-0007</div>');
    expect(footerTemplate).toBe('');
  });

  it('a layout that does not render falls back on the built-in one, and says so', () => {
    const errors: string[] = [];
    const broken = {
      templateData: '{{#each questionarySteps}}unclosed',
      templateHeader: '',
      templateFooter: '',
    };
    const { html } = buildProposalsDocument([print({}, broken)], (error) => errors.push(error.message));
    expect(errors).toHaveLength(1);
    expect(html).toContain('<h1>Magnetic &lt;order&gt;</h1>');
  });

  describe('the declared samples', () => {
    const declaring = (): Partial<ProposalFactsBundle> => ({
      steps: [
        {
          topic: { id: 12, title: 'Samples' },
          fields: [
            // the stored answer may lag behind the samples: the samples read model decides
            field('declared', DataType.SAMPLE_DECLARATION, null, {}, 'Your samples'),
            field('after', DataType.TEXT_INPUT, 'Later answer', {}, 'Next question'),
          ],
        },
      ],
      samples: [
        {
          id: 31,
          title: 'Quartz <1>',
          questionId: 'declared',
          steps: [
            {
              topic: { id: 20, title: 'Sample' },
              fields: [
                field('sbasis', DataType.SAMPLE_BASIS, 'Quartz <1>'),
                field('formula', DataType.TEXT_INPUT, 'SiO2 & <b>', {}, 'Formula'),
                field('unanswered', DataType.TEXT_INPUT, null, {}, 'Unanswered'),
              ],
            },
          ],
        },
        { id: 32, title: 'Salt', questionId: 'declared', steps: [] },
      ],
    });

    it('are in the template data: each sample with its answered declaration questions, on its question too', () => {
      const data = buildProposalTemplateData(bundle(declaring()), dates, files);
      expect(data.samples.map((x) => [x.id, x.title, x.questionarySteps.length])).toEqual([
        [31, 'Quartz <1>', 1],
        [32, 'Salt', 0],
      ]);
      expect(data.samples[0].questionarySteps[0].fields.map((f) => [f.question.id, f.answerText])).toEqual([
        ['formula', 'SiO2 & <b>'],
      ]);
      const declared = data.questionarySteps[0].fields[0];
      expect(declared.samples?.map((x) => x.id)).toEqual([31, 32]);
    });

    it('the built-in layout prints each sample, title and answers, right after the question that declared it', () => {
      const { html } = buildProposalsDocument([print(declaring())]);
      const question = html.indexOf('<div class="uo-question">Your samples</div>');
      const quartz = html.indexOf('<section class="uo-sample"><h3>Quartz &lt;1&gt;</h3>');
      const salt = html.indexOf('<section class="uo-sample"><h3>Salt</h3>');
      const next = html.indexOf('<div class="uo-question">Next question</div>');
      expect([question, quartz, salt, next].every((i) => i >= 0)).toBe(true);
      expect(question < quartz && quartz < salt && salt < next).toBe(true);
      expect(html).toContain(
        '<div class="uo-question">Formula</div><div class="uo-answer">SiO2 &#38; &#60;b&#62;</div>',
      );
      expect(html).not.toContain('Unanswered');
      expect(html).toContain('<div class="uo-answer">2 samples</div>');
    });

    it("a call's layout renders them with its sample declaration part after its body, as the editor's preview does", () => {
      const layout = {
        templateData: '<h1>{{proposal.proposalId}}</h1>',
        templateHeader: '',
        templateFooter: '',
        templateSampleDeclaration:
          '<h3>{{sample.title}} of {{proposal.proposalId}}</h3>{{#each sample.questionarySteps}}{{#each fields}}<p>{{question.question}}: {{answer}}</p>{{/each}}{{/each}}',
      };
      const { html } = buildProposalsDocument([print(declaring(), layout)]);
      expect(html).toContain(
        '<h1>UO26-0007</h1>\n<section class="uo-sample"><h3>Quartz &lt;1&gt; of UO26-0007</h3><p>Formula: SiO2 &#38; &#60;b&#62;</p></section>\n<section class="uo-sample"><h3>Salt of UO26-0007</h3></section>',
      );
      // a layout without its sample part: the built-in one
      const { html: plain } = buildProposalsDocument([
        print(declaring(), { templateData: '<h1>x</h1>', templateHeader: '', templateFooter: '' }),
      ]);
      expect(plain).toContain('<section class="uo-sample"><h3>Salt</h3>');
    });
  });

  it('several proposals: one document, one section each (each from a new page), a header for all', () => {
    const second = print({
      proposal: { ...bundle().proposal, primaryKey: 8, proposalId: 'UO26-0008', title: 'Second' },
    });
    const { html, headerTemplate } = buildProposalsDocument([print(), second]);
    expect(html.match(/<section class="uo-proposal"/g)).toHaveLength(2);
    expect(html).toContain('.uo-proposal + .uo-proposal { break-before: page; }');
    expect(html).toContain('<title>Proposals (2)</title>');
    expect(html.indexOf('data-proposal-pk="7"')).toBeLessThan(html.indexOf('data-proposal-pk="8"'));
    expect(headerTemplate).toContain('2 proposals');
  });
});
