import { DataType, TemplateCategoryId, TemplateGroupId } from '../enums';

/** What a template group holds: its questions' category and the basis question every template of it starts with. */
export interface TemplateGroupDefinition {
  readonly groupId: TemplateGroupId;
  readonly categoryId: TemplateCategoryId;
  /** the basis question type (the entity's own fields: proposal title/abstract, sample title, …); none for PDF */
  readonly basisDataType: DataType | null;
}

const group = (
  groupId: TemplateGroupId,
  categoryId: TemplateCategoryId,
  basisDataType: DataType | null,
): TemplateGroupDefinition => ({ groupId, categoryId, basisDataType });

/** The template groups of §3 (and the two ESI groups, see TemplateGroupId) with their category and basis question. */
export const TEMPLATE_GROUPS: Readonly<Record<TemplateGroupId, TemplateGroupDefinition>> = {
  [TemplateGroupId.PROPOSAL_QUESTIONARY]: group(
    TemplateGroupId.PROPOSAL_QUESTIONARY,
    TemplateCategoryId.PROPOSAL,
    DataType.PROPOSAL_BASIS,
  ),
  [TemplateGroupId.SAMPLE_DECLARATION]: group(
    TemplateGroupId.SAMPLE_DECLARATION,
    TemplateCategoryId.SAMPLE,
    DataType.SAMPLE_BASIS,
  ),
  [TemplateGroupId.GENERIC_TEMPLATE]: group(
    TemplateGroupId.GENERIC_TEMPLATE,
    TemplateCategoryId.GENERIC_TEMPLATE,
    DataType.GENERIC_TEMPLATE_BASIS,
  ),
  [TemplateGroupId.SHIPMENT_DECLARATION]: group(
    TemplateGroupId.SHIPMENT_DECLARATION,
    TemplateCategoryId.SHIPMENT,
    DataType.SHIPMENT_BASIS,
  ),
  [TemplateGroupId.VISIT_REGISTRATION]: group(
    TemplateGroupId.VISIT_REGISTRATION,
    TemplateCategoryId.VISIT_REGISTRATION,
    DataType.VISIT_BASIS,
  ),
  [TemplateGroupId.FEEDBACK]: group(
    TemplateGroupId.FEEDBACK,
    TemplateCategoryId.FEEDBACK,
    DataType.FEEDBACK_BASIS,
  ),
  [TemplateGroupId.FAP_REVIEW]: group(
    TemplateGroupId.FAP_REVIEW,
    TemplateCategoryId.FAP_REVIEW,
    DataType.FAP_REVIEW_BASIS,
  ),
  [TemplateGroupId.TECHNICAL_REVIEW]: group(
    TemplateGroupId.TECHNICAL_REVIEW,
    TemplateCategoryId.TECHNICAL_REVIEW,
    DataType.TECHNICAL_REVIEW_BASIS,
  ),
  [TemplateGroupId.PDF]: group(TemplateGroupId.PDF, TemplateCategoryId.PDF_TEMPLATE, null),
  [TemplateGroupId.PROPOSAL_ESI]: group(
    TemplateGroupId.PROPOSAL_ESI,
    TemplateCategoryId.PROPOSAL_ESI,
    DataType.PROPOSAL_ESI_BASIS,
  ),
  [TemplateGroupId.SAMPLE_ESI]: group(
    TemplateGroupId.SAMPLE_ESI,
    TemplateCategoryId.SAMPLE_ESI,
    DataType.SAMPLE_ESI_BASIS,
  ),
};

/** The fixed id (and natural key) of a basis question, e.g. `proposal_basis`. */
export const basisQuestionId = (dataType: DataType): string => dataType.toLowerCase();

/** The question text of a basis question as first created. */
export const basisQuestionText = (dataType: DataType): string => {
  const words = dataType
    .toLowerCase()
    .replace(/_basis$/, '')
    .replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} basic information`;
};

/** The title of a template's first topic, and of topics created without one. */
export const NEW_TOPIC_TITLE = 'New topic';
