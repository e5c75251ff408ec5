import { Injectable } from '@nestjs/common';
import { DataType, FeatureId, Role, TemplateGroupId } from '@user-office/contracts';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { QuestionariesService } from '../questionaries';
import { TemplatesService } from '../templates';
import { DemoGraphql } from './demo-graphql';
import type { DemoTemplate } from './domain/demo-content';

/** The active shipment declaration template of the demo (§3 SHIPMENT_DECLARATION): what is sent and how. */
export const DEMO_SHIPMENT_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.SHIPMENT_DECLARATION,
  name: 'Demo shipment declaration',
  description: 'A shipment of samples to the facility (seeded demo)',
  firstTopicTitle: 'Shipment',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_shipment_packaging',
      dataType: DataType.TEXT_INPUT,
      question: 'Packaging and storage conditions',
      config: { required: true, max: 500 },
    },
  ],
  topics: [],
  dependencies: [],
};

/** The facility's address on the demo's shipment labels (FACILITY_ADDRESS). */
export const DEMO_FACILITY_ADDRESS = 'Sample reception, Building 2; 1 Instrument Avenue; 38000 Science Park';

/** The demo's submitted shipment, on the experiment of "Protein hydration…": the user office has one to receive. */
export const DEMO_SUBMITTED_SHIPMENT = {
  proposalTitle: 'Protein hydration water dynamics',
  pi: 'coproposer',
  title: 'Lysozyme powders',
  packaging: 'Sealed glass vials in a padded box; keep below 25 °C',
} as const;

/**
 * The demo's shipments (issue 30): the active shipment declaration template, so each demo experiment has a shipment
 * to declare (the applicant declares the "Lithium diffusion…" one); and one shipment declared and submitted by the
 * PI of "Protein hydration…", so the officer's shipments list has one to mark received.
 */
@Injectable()
export class DemoShipments {
  constructor(
    private readonly templates: TemplatesService,
    private readonly questionaries: QuestionariesService,
    private readonly api: DemoGraphql,
    private readonly access: AccessRegistry,
  ) {}

  /** `createTemplate`: the seeder's (a template as an officer designs it). */
  async seed(createTemplate: (template: DemoTemplate) => Promise<number>): Promise<void> {
    const templateId = await createTemplate(DEMO_SHIPMENT_TEMPLATE);
    await this.templates.setActiveTemplate(TemplateGroupId.SHIPMENT_DECLARATION, templateId);
    // the address the labels print (an officer's edit in Settings)
    await this.api.as(
      'officer',
      Role.USER_OFFICER,
      `mutation($i: UpdateSettingsInput!) { updateSettings(input: $i) { id } }`,
      { i: { settingsId: 'FACILITY_ADDRESS', settingsValue: DEMO_FACILITY_ADDRESS } },
    );
    const features = this.access.features;
    if (!(await features.isEnabled(FeatureId.SHIPPING)) || !(await features.isEnabled(FeatureId.SCHEDULER)))
      return;
    const demo = DEMO_SUBMITTED_SHIPMENT;
    const asPi = <T>(source: string, variables: Record<string, unknown> = {}) =>
      this.api.as<T>(demo.pi, Role.USER, source, variables);
    const { getUserExperiments } = await asPi<{
      getUserExperiments: { experimentPk: number; proposalPk: number; proposal: { title: string } | null }[];
    }>('{ getUserExperiments { experimentPk proposalPk proposal { title } } }');
    const experiment = getUserExperiments.find((e) => e.proposal?.title === demo.proposalTitle);
    if (!experiment) return;
    const { createShipment } = await asPi<{ createShipment: { id: number; questionaryId: number } }>(
      `mutation($t: String, $p: Int, $e: Int) { createShipment(title: $t, proposalPk: $p, experimentPk: $e) { id questionaryId } }`,
      { t: demo.title, p: experiment.proposalPk, e: experiment.experimentPk },
    );
    const { getSamplesWithQuestionaryStatus: samples } = await asPi<{
      getSamplesWithQuestionaryStatus: { id: number }[];
    }>(`query($p: Int!) { getSamplesWithQuestionaryStatus(filter: { proposalPk: $p }) { id } }`, {
      p: experiment.proposalPk,
    });
    await asPi(
      `mutation($s: Int!, $ids: [Int!]!) { addSamplesToShipment(shipmentId: $s, sampleIds: $ids) { id } }`,
      { s: createShipment.id, ids: samples.map((s) => s.id) },
    );
    const { fields, topicIds } = await this.questionaries.fieldsOf(templateId);
    for (const topicId of topicIds) {
      const answers = fields
        .filter((f) => f.topicId === topicId && f.naturalKey === 'demo_shipment_packaging')
        .map((f) => ({ questionId: f.questionId, value: JSON.stringify({ value: demo.packaging }) }));
      await asPi(
        `mutation($q: Int!, $t: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $t, answers: $a) { isCompleted } }`,
        { q: createShipment.questionaryId, t: topicId, a: answers },
      );
    }
    await asPi(`mutation($s: Int!) { submitShipment(shipmentId: $s) { id } }`, { s: createShipment.id });
  }
}
