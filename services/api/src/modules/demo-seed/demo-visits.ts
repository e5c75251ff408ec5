import { Injectable } from '@nestjs/common';
import { DataType, FeatureId, Role, TemplateGroupId } from '@user-office/contracts';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { DemoGraphql } from './demo-graphql';
import type { DemoTemplate } from './domain/demo-content';

/** The active visit registration template: the VISIT_BASIS dates, then the visitor's accommodation needs. */
export const DEMO_VISIT_REGISTRATION_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.VISIT_REGISTRATION,
  name: 'Demo visit registration',
  description: 'What each visitor of a demo experiment registers (seeded demo)',
  firstTopicTitle: 'Your visit',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_visit_accommodation',
      dataType: DataType.TEXT_INPUT,
      question: 'Accommodation needs (guest house nights, none)',
      config: { required: false, max: 300 },
    },
  ],
  topics: [],
  dependencies: [],
};

/** The demo experiment that gets a visit: the one of "Protein hydration…" (PI `coproposer`, `applicant` on it). */
export const DEMO_VISIT = {
  proposalTitle: 'Protein hydration water dynamics',
  definedBy: 'coproposer',
  team: ['applicant', 'coproposer'],
  teamLead: 'coproposer',
} as const;

/**
 * The demo's visits (issue 30): the active visit registration template, and a visit of the demo experiment of
 * DEMO_VISIT whose team (`applicant` and `coproposer`, `coproposer` leading) its PI defines through the api; both
 * registrations are drafted, so `applicant` and `coproposer` find "register own visit" active on a fresh start,
 * next to the other experiment's "define visit team".
 */
@Injectable()
export class DemoVisits {
  constructor(
    private readonly api: DemoGraphql,
    private readonly access: AccessRegistry,
  ) {}

  /** `createTemplate` is the seeder's (a template as an officer designs it). */
  async seed(createTemplate: (template: DemoTemplate) => Promise<number>): Promise<void> {
    const features = this.access.features;
    if (!(await features.isEnabled(FeatureId.VISIT_MANAGEMENT))) return;
    const templateId = await createTemplate(DEMO_VISIT_REGISTRATION_TEMPLATE);
    await this.api.as(
      'officer',
      Role.USER_OFFICER,
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: VISIT_REGISTRATION, templateId: $t) }`,
      { t: templateId },
    );
    if (!(await features.isEnabled(FeatureId.SCHEDULER))) return;
    const { getUserExperiments } = await this.api.as<{
      getUserExperiments: { experimentPk: number; proposal: { title: string } | null }[];
    }>(DEMO_VISIT.definedBy, Role.USER, `{ getUserExperiments { experimentPk proposal { title } } }`);
    const experiment = getUserExperiments.find((e) => e.proposal?.title === DEMO_VISIT.proposalTitle);
    if (!experiment) return;
    const team = await Promise.all(DEMO_VISIT.team.map((username) => this.api.userId(username)));
    await this.api.as(
      DEMO_VISIT.definedBy,
      Role.USER,
      `mutation($e: Int!, $team: [Int!]!, $lead: Int) {
        createVisit(experimentPk: $e, team: $team, teamLeadUserId: $lead) { id } }`,
      { e: experiment.experimentPk, team, lead: await this.api.userId(DEMO_VISIT.teamLead) },
    );
  }
}
