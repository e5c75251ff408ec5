import { Injectable } from '@nestjs/common';
import { DataType, FeatureId, Role, TemplateGroupId } from '@user-office/contracts';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { DemoGraphql } from './demo-graphql';
import { DEMO_EXPERIMENTS, DEMO_SUBMITTED_PROPOSALS, type DemoTemplate } from './domain/demo-content';

/** The active FEEDBACK template: how the experiment went (its FEEDBACK_BASIS first). */
export const DEMO_FEEDBACK_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.FEEDBACK,
  name: 'Demo experiment feedback',
  description: 'What the users thought of their experiment (seeded demo)',
  firstTopicTitle: 'Your experiment',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_feedback_rating',
      dataType: DataType.SELECTION_FROM_OPTIONS,
      question: 'How did the experiment go?',
      config: {
        required: true,
        variant: 'radio',
        isMultipleSelect: false,
        options: ['Very well', 'Well', 'Partly', 'Not at all'],
      },
    },
    {
      naturalKey: 'demo_feedback_comments',
      dataType: DataType.TEXT_INPUT,
      question: 'What could the facility do better?',
      config: { required: true, max: 1000, multiline: true },
    },
  ],
  topics: [],
  dependencies: [],
};

/** The completed experiment waiting for feedback: the first demo experiment's proposal, ended days ago. */
export const DEMO_COMPLETED_EXPERIMENT = {
  proposalIndex: DEMO_EXPERIMENTS[0].proposalIndex,
  startedDaysAgo: 5,
  days: 2,
} as const;

/**
 * The demo's feedback (issue 30): the active feedback template, and a completed experiment waiting for feedback
 * — the officer schedules one for the first demo experiment's proposal ("Lithium diffusion…", PI `applicant`) that
 * ended three days ago and marks it COMPLETED, so its proposers are owed their feedback reminders and `applicant`
 * can give feedback at /CreateFeedback/{experimentPk}. Needs SCHEDULER and VISIT_MANAGEMENT (as the api does).
 */
@Injectable()
export class DemoFeedback {
  constructor(
    private readonly api: DemoGraphql,
    private readonly access: AccessRegistry,
  ) {}

  /** `createTemplate`: the seeder's own (a template as an officer would design it). */
  async seed(callId: number, createTemplate: (template: DemoTemplate) => Promise<number>): Promise<void> {
    const features = this.access.features;
    if (!(await features.isEnabled(FeatureId.SCHEDULER))) return;
    if (!(await features.isEnabled(FeatureId.VISIT_MANAGEMENT))) return;
    const templateId = await createTemplate(DEMO_FEEDBACK_TEMPLATE);
    await this.officer(
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: FEEDBACK, templateId: $t) }`,
      { t: templateId },
    );
    // the demo experiments of the call are scheduled: the completed one goes on the same proposal and instrument
    const title = DEMO_SUBMITTED_PROPOSALS[DEMO_COMPLETED_EXPERIMENT.proposalIndex].title;
    const { experiments } = await this.officer<{
      experiments: {
        experiments: { proposalPk: number; instrumentId: number; proposal: { title: string } }[];
      };
    }>(
      `query($c: Int!) { experiments(filter: { callId: $c }) { experiments { proposalPk instrumentId proposal { title } } } }`,
      { c: callId },
    );
    const scheduled = experiments.experiments.find((e) => e.proposal.title === title);
    if (!scheduled) return;
    const day = 24 * 3600 * 1000;
    const midnight = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const startsAt = midnight - DEMO_COMPLETED_EXPERIMENT.startedDaysAgo * day + 8 * 3600 * 1000;
    await this.officer(
      `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
      {
        i: {
          proposalPk: scheduled.proposalPk,
          instrumentId: scheduled.instrumentId,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(startsAt + DEMO_COMPLETED_EXPERIMENT.days * day).toISOString(),
          localContactId: await this.api.userId('scientist'),
          status: 'COMPLETED',
        },
      },
    );
  }

  private officer<T>(source: string, variables: Record<string, unknown> = {}): Promise<T> {
    return this.api.as<T>('officer', Role.USER_OFFICER, source, variables);
  }
}
