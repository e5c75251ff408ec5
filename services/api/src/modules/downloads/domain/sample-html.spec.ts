import { DataType } from '@user-office/contracts';
import { sampleDocumentHtml } from './sample-html';

const context = {
  dateFormat: 'dd-MM-yyyy',
  dateTimeFormat: 'dd-MM-yyyy HH:mm',
  timeZone: 'UTC',
  fileNames: new Map(),
};
const field = (question: string, dataType: DataType, value: unknown) => ({
  question: { id: question, question, naturalKey: question, dataType },
  config: {},
  value,
});

describe('the sample PDF', () => {
  it('prints the declaration and each sample ESI, answered questions only, escaped; the basis question left out', () => {
    const html = sampleDocumentHtml(
      { title: 'Quartz <1>', proposalId: 'DEMO-0001', proposalTitle: 'Spin' },
      [
        {
          heading: 'Sample declaration',
          steps: [
            {
              topic: { id: 1, title: 'Sample' },
              fields: [
                field('Title', DataType.SAMPLE_BASIS, 'Quartz'),
                field('Formula', DataType.TEXT_INPUT, 'SiO2 & <b>'),
                field('Unanswered', DataType.TEXT_INPUT, ''),
              ],
            },
          ],
        },
        {
          heading: 'Sample safety input, experiment 7',
          steps: [{ topic: { id: 2, title: 'Safety' }, fields: [] }],
        },
      ],
      context,
    );
    expect(html).toContain('<h1>Quartz &#60;1&#62;</h1>');
    expect(html).toContain('<td class="q">Formula</td><td>SiO2 &#38; &#60;b&#62;</td>');
    expect(html).not.toContain('Unanswered');
    expect(html).not.toContain('<td class="q">Title</td>');
    expect(html).toContain('<h2>Sample safety input, experiment 7</h2><p class="meta">No answers</p>');
  });
});
