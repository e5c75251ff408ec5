import { PDF_TEMPLATE_UPDATED, TemplateGroupId, type PdfTemplateUpdatedData } from '@user-office/contracts';
import { digest, num, numOrNull, str, type ImportKind, type Planned } from '../import-context';

/**
 * UOC `proposal_pdf_templates` → `PdfTemplateUpdated` on the template's stream (`template-<id>`, a template of the
 * PDF group imported with the templates; the creator as the actor, `created_at` as the time), one per row in id
 * order (UOC keeps a row per saved version; the last one is the template's PDF now). A row of a template not
 * imported as a PDF template is a problem. UOC's experiment-safety PDF templates have no group in this product:
 * each row is a problem.
 */
export const pdfTemplatesKind: ImportKind = {
  name: 'pdf templates',
  async run(ctx) {
    const rows = await ctx.rows(
      `SELECT proposal_pdf_template_id, template_id, template_data, template_header, template_footer,
              template_sample_declaration, dummy_data, creator_id, created_at
         FROM proposal_pdf_templates ORDER BY proposal_pdf_template_id`,
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = num(r.proposal_pdf_template_id);
      const templateId = num(r.template_id);
      if (ctx.templates.get(templateId)?.groupId !== TemplateGroupId.PDF) {
        ctx.problem(
          'proposal_pdf_templates',
          `proposal_pdf_template_id=${id}`,
          `template ${templateId} was not imported as a PDF template: not imported`,
        );
        continue;
      }
      const data: PdfTemplateUpdatedData = {
        templateId,
        templateData: str(r.template_data),
        templateHeader: str(r.template_header),
        templateFooter: str(r.template_footer),
        templateSampleDeclaration: str(r.template_sample_declaration),
        dummyData: str(r.dummy_data),
      };
      planned.push({
        streamId: `template-${templateId}`,
        key: `proposal_pdf_templates/${id}/${digest(data)}`,
        type: PDF_TEMPLATE_UPDATED,
        data,
        at: r.created_at as Date,
        actorId: numOrNull(r.creator_id),
        from: `uoc:proposal_pdf_templates/${id}`,
      });
    }
    ctx.count('pdf templates', rows.length, await ctx.write('pdf templates', planned));
    for (const r of await ctx.rows(
      'SELECT experiment_safety_pdf_template_id, template_id FROM experiment_safety_pdf_templates ORDER BY 1',
    ))
      ctx.problem(
        'experiment_safety_pdf_templates',
        `experiment_safety_pdf_template_id=${str(r.experiment_safety_pdf_template_id)}`,
        `an experiment-safety PDF template (template ${str(r.template_id)}): this product has no such template group, not imported`,
      );
  },
};
