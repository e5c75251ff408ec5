import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Role, TemplateGroupId, templateMessages, type PdfTemplateData } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { subTemplateIdsOf, templateFileOf, type ExportableTemplate } from '../../domain/template-import';
import { TemplatesRepository, type TemplateStructure } from '../templates/templates.repository';

/** Export of a template with the sub-templates its questions use, as the file importTemplate reads. */
@Resolver()
export class GetTemplateAsJsonResolver {
  constructor(private readonly repository: TemplatesRepository) {}

  @Query(() => String, {
    nullable: true,
    description:
      'A template as a JSON file for importTemplate: { version, exportDate, template, subTemplates }, ' +
      'subTemplates being the templates its sub-template and sample questions use, recursively, each once',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getTemplateAsJson(@Args('templateId', { type: () => Int }) templateId: number): Promise<string> {
    const template = await this.repository.structure(templateId);
    if (!template) throw notFound(templateMessages.templateNotFound);
    const subTemplates: TemplateStructure[] = [];
    const seen = new Set<number>([templateId]);
    const queue = subTemplateIdsOf(template);
    while (queue.length > 0) {
      const id = queue.shift() as number;
      if (seen.has(id)) continue;
      seen.add(id);
      const sub = await this.repository.structure(id);
      if (!sub) continue; // a reference to a deleted template: the import names it
      subTemplates.push(sub);
      queue.push(...subTemplateIdsOf(sub));
    }
    const file = templateFileOf(
      await this.withPdf(template),
      await Promise.all(subTemplates.map((sub) => this.withPdf(sub))),
      new Date(),
    );
    return JSON.stringify(file, null, 2);
  }

  private async withPdf(
    template: TemplateStructure,
  ): Promise<{ template: ExportableTemplate; pdf: PdfTemplateData | null }> {
    const pdf =
      template.groupId === TemplateGroupId.PDF
        ? await this.repository.pdfTemplate(template.templateId)
        : null;
    return { template, pdf };
  }
}
