import { pdfTemplateMessages, pdfTemplatePreviewSchema } from '@user-office/contracts';
import { ValidationError } from 'yup';
import { buildTemplatePreviewDocument, PdfTemplatePartError } from './proposal-html';

const texts = {
  templateData: '<h1>{{proposal.title}}</h1>',
  templateHeader: '<div>{{proposal.proposalId}}</div>',
  templateFooter: '<div><span class="pageNumber"></span> {{call.shortCode}}</div>',
  templateSampleDeclaration: '<h3>{{sample.title}} of {{proposal.proposalId}}</h3>',
};

describe('the PDF template preview document', () => {
  it('renders every part with the dummy data, escaped, and a sample declaration per dummy sample', () => {
    const document = buildTemplatePreviewDocument(texts, {
      proposal: { proposalId: 'P-7', title: 'Spin <waves>' },
      call: { shortCode: 'C1' },
      samples: [{ title: 'A' }, { title: 'B' }],
    });
    expect(document.html).toContain('<title>PDF template preview</title>');
    expect(document.html).toContain('<h1>Spin &lt;waves&gt;</h1>');
    expect(document.html).toContain('<h3>A of P-7</h3>');
    expect(document.html).toContain('<h3>B of P-7</h3>');
    expect(document.headerTemplate).toBe('<div>P-7</div>');
    expect(document.footerTemplate).toBe('<div><span class="pageNumber"></span> C1</div>');
  });

  it('names the part that fails, even the sample declaration when the dummy data has no samples', () => {
    const failing = (part: keyof typeof texts, text: string) => {
      try {
        buildTemplatePreviewDocument({ ...texts, [part]: text }, {});
      } catch (error) {
        expect(error).toBeInstanceOf(PdfTemplatePartError);
        return (error as PdfTemplatePartError).part;
      }
      return null;
    };
    expect(failing('templateData', '{{#if x}}')).toBe('templateData');
    expect(failing('templateHeader', '{{x')).toBe('templateHeader');
    expect(failing('templateFooter', '{{nohelper x}}')).toBe('templateFooter');
    expect(failing('templateSampleDeclaration', '{{/each}}')).toBe('templateSampleDeclaration');
    expect(failing('templateData', '<p>{{x}}</p>')).toBeNull();
  });
});

describe('pdfTemplatePreviewSchema', () => {
  const messages = async (input: Record<string, unknown>) => {
    try {
      await pdfTemplatePreviewSchema.validate(input, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as ValidationError).errors;
    }
  };

  it('takes absent parts as empty and refuses dummy data that is not a JSON object, and parts over their limits', async () => {
    expect(await messages({})).toEqual([]);
    expect(await messages({ dummyData: '{"a": 1}' })).toEqual([]);
    expect(await messages({ dummyData: '{"a": ' })).toEqual([pdfTemplateMessages.dummyDataNotJson]);
    expect(await messages({ dummyData: '"text"' })).toEqual([pdfTemplateMessages.dummyDataNotObject]);
    expect(await messages({ templateHeader: 'x'.repeat(200_001) })).toEqual([
      'The header must be at most 200000 characters long',
    ]);
  });
});
