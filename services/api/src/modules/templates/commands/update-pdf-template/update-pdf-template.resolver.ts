import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, updatePdfTemplateSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PdfTemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class UpdatePdfTemplateResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => PdfTemplateModel, {
    nullable: true,
    description: "A PDF template's HTML parts (given ones change)",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updatePdfTemplate(
    @Args('pdfTemplateId', { type: () => Int }) pdfTemplateId: number,
    @Args('templateData', { nullable: true }) templateData?: string,
    @Args('templateHeader', { nullable: true }) templateHeader?: string,
    @Args('templateFooter', { nullable: true }) templateFooter?: string,
    @Args('templateSampleDeclaration', { nullable: true }) templateSampleDeclaration?: string,
    @Args('dummyData', { nullable: true }) dummyData?: string,
  ): Promise<PdfTemplateModel | null> {
    const { pdfTemplateId: templateId, ...pdf } = await validateInput(updatePdfTemplateSchema, {
      pdfTemplateId,
      templateData,
      templateHeader,
      templateFooter,
      templateSampleDeclaration,
      dummyData,
    });
    await this.templates.existingTemplate(templateId);
    await this.templates.onTemplate(templateId, { type: 'UpdatePdf', pdf });
    return this.repository.pdfTemplate(templateId);
  }
}
