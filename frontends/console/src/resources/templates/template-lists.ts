import { FeatureId, TemplateGroupId } from '@user-office/contracts';

/** One template list of §2: its route (the react-admin resource name), the group it lists, its feature. */
export interface TemplateListDefinition {
  /** the §2 route, e.g. ProposalTemplates */
  name: string;
  groupId: TemplateGroupId;
  /** the key under console.editors.lists */
  key: string;
  feature?: FeatureId;
}

/**
 * The template lists of §2, one per template group of §3. /EsiTemplates and /SampleEsiTemplates have no template
 * group of their own in §3 (PROPOSAL_ESI and SAMPLE_ESI are categories only), so they wait for the api to name one.
 */
export const TEMPLATE_LISTS: TemplateListDefinition[] = [
  { name: 'ProposalTemplates', groupId: TemplateGroupId.PROPOSAL_QUESTIONARY, key: 'proposal' },
  { name: 'SampleDeclarationTemplates', groupId: TemplateGroupId.SAMPLE_DECLARATION, key: 'sample' },
  { name: 'GenericTemplates', groupId: TemplateGroupId.GENERIC_TEMPLATE, key: 'generic' },
  { name: 'ShipmentDeclarationTemplates', groupId: TemplateGroupId.SHIPMENT_DECLARATION, key: 'shipment' },
  { name: 'FeedbackTemplates', groupId: TemplateGroupId.FEEDBACK, key: 'feedback' },
  {
    name: 'VisitTemplates',
    groupId: TemplateGroupId.VISIT_REGISTRATION,
    key: 'visit',
    feature: FeatureId.VISIT_MANAGEMENT,
  },
  { name: 'PdfTemplates', groupId: TemplateGroupId.PDF, key: 'pdf' },
  { name: 'FapReviewTemplates', groupId: TemplateGroupId.FAP_REVIEW, key: 'fapReview' },
  { name: 'TechnicalReviewTemplates', groupId: TemplateGroupId.TECHNICAL_REVIEW, key: 'technicalReview' },
];

export const templateListOf = (groupId: TemplateGroupId): TemplateListDefinition | undefined =>
  TEMPLATE_LISTS.find((list) => list.groupId === groupId);
