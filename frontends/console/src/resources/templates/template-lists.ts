import { FeatureId, TemplateGroupId } from '@user-office/contracts';
import type { MenuGroup } from '../../app/registry';

/** One template list of §2: its route (the react-admin resource name), the group it lists, its feature. */
export interface TemplateListDefinition {
  /** the §2 route, e.g. ProposalTemplates */
  name: string;
  groupId: TemplateGroupId;
  /** the key under console.editors.lists */
  key: string;
  feature?: FeatureId;
  /** the side-menu group (default: templates) */
  menuGroup?: MenuGroup;
}

/**
 * The template lists of §2, one per template group. /EsiTemplates and /SampleEsiTemplates list the PROPOSAL_ESI and
 * SAMPLE_ESI groups (see TemplateGroupId) under the menu's ESI group, with the risk assessment feature (§2).
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
  {
    name: 'EsiTemplates',
    groupId: TemplateGroupId.PROPOSAL_ESI,
    key: 'esi',
    feature: FeatureId.RISK_ASSESSMENT,
    menuGroup: 'esi',
  },
  {
    name: 'SampleEsiTemplates',
    groupId: TemplateGroupId.SAMPLE_ESI,
    key: 'sampleEsi',
    feature: FeatureId.RISK_ASSESSMENT,
    menuGroup: 'esi',
  },
];

export const templateListOf = (groupId: TemplateGroupId): TemplateListDefinition | undefined =>
  TEMPLATE_LISTS.find((list) => list.groupId === groupId);
