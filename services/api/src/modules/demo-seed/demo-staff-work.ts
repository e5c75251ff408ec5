import { Injectable } from '@nestjs/common';
import { DataType, FeatureId, Role } from '@user-office/contracts';
import { AccessRegistry } from '../../platform/auth/access-registry';
import type { SessionUser } from '../../platform/auth/session';
import { ProposalsService } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { DemoGraphql } from './demo-graphql';
import {
  DEMO_FAP,
  DEMO_EXPERIMENTS,
  DEMO_INSTRUMENT,
  DEMO_INTERNAL_REVIEW,
  DEMO_SUBMITTED_PROPOSALS,
  DEMO_TECHNIQUE,
  type DemoSubmittedProposal,
} from './domain/demo-content';

/** A session of a seeded account, as the seeder acts for it (the same rules as its own requests). */
const sessionOf = (id: number, role: Role): SessionUser => ({
  id,
  roles: [role],
  currentRole: role,
  isInternalUser: false,
  impersonatingUserId: null,
  sessionId: 'demo-seed',
  issuedAt: 0,
  expiresAt: 0,
});

/**
 * The staff's work in the demo: submitted proposals of the demo applicants on the DEMO call, written by the
 * applicants through the same services as their requests (created, titled, every step answered, submitted); then
 * what the officer sets up through the api as they would in the console: an instrument and a technique with the
 * `scientist` account as their scientist, the instrument on the call with availability time, the proposals on both
 * (their technical reviews to fill, assigned to `scientist`), one internal review for `internal`, and the panel
 * DEMO-FAP reviewing the instrument in the call with `chair`, `secretary` and `reviewer`, the proposals on it and
 * `reviewer` given each to grade (DRAFT reviews); so every staff account this wave concerns has work on a fresh
 * start.
 */
@Injectable()
export class DemoStaffWork {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly api: DemoGraphql,
    private readonly access: AccessRegistry,
  ) {}

  async seed(callId: number): Promise<void> {
    const proposalPks = await this.submitProposals(callId);
    const instrumentId = await this.setUpReviews(callId, proposalPks);
    await this.seedExperiments(proposalPks, instrumentId);
  }

  /**
   * The experiments (DEMO_EXPERIMENTS): the officer accepts the proposals and schedules them on the demo
   * instrument (`scientist` as local contact); the second's PI fills and submits its safety input and `scientist`
   * accepts it, so `safety` has a decision to make and `applicant` a safety input to fill.
   */
  private async seedExperiments(proposalPks: readonly number[], instrumentId: number): Promise<void> {
    // experiments need the scheduler and the safety review (an officer may have turned them off before the seed)
    const features = this.access.features;
    if (!(await features.isEnabled(FeatureId.SCHEDULER))) return;
    const withSafety = await features.isEnabled(FeatureId.EXPERIMENT_SAFETY_REVIEW);
    const scientistId = await this.api.userId('scientist');
    const day = 24 * 3600 * 1000;
    const midnight = new Date(new Date().toISOString().slice(0, 10)).getTime();
    for (const demo of DEMO_EXPERIMENTS) {
      const proposalPk = proposalPks[demo.proposalIndex];
      await this.officer(
        `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) { administrationProposal(proposalPk: $pk,
          finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: true) { primaryKey } }`,
        { pk: proposalPk, a: [{ instrumentId, value: demo.timeAllocation }] },
      );
      const startsAt = midnight + demo.startsInDays * day + 8 * 3600 * 1000;
      const { createExperiment } = await this.officer<{ createExperiment: { experimentPk: number } }>(
        `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
        {
          i: {
            proposalPk,
            instrumentId,
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(startsAt + demo.days * day).toISOString(),
            localContactId: scientistId,
            status: 'ACTIVE',
          },
        },
      );
      if (demo.esi && withSafety)
        await this.submitSafety(
          DEMO_SUBMITTED_PROPOSALS[demo.proposalIndex].pi,
          createExperiment.experimentPk,
          demo.esi,
        );
    }
  }

  /** The PI creates, answers and submits the experiment's safety input; `scientist` accepts it. */
  private async submitSafety(pi: string, experimentPk: number, answers: Readonly<Record<string, string>>) {
    const asPi = <T>(source: string, variables: Record<string, unknown>) =>
      this.api.as<T>(pi, Role.USER, source, variables);
    const { createExperimentSafety } = await asPi<{
      createExperimentSafety: { experimentSafetyPk: number; esiQuestionaryId: number };
    }>(
      `mutation($e: Int!) { createExperimentSafety(experimentPk: $e) { experimentSafetyPk esiQuestionaryId } }`,
      {
        e: experimentPk,
      },
    );
    const questionary = await this.questionaries.existing(createExperimentSafety.esiQuestionaryId);
    const { fields, topicIds } = await this.questionaries.fieldsOf(questionary.templateId);
    for (const topicId of topicIds) {
      const values = fields
        .filter((f) => f.topicId === topicId && f.dataType === DataType.TEXT_INPUT && answers[f.naturalKey])
        .map((f) => ({ questionId: f.questionId, value: JSON.stringify({ value: answers[f.naturalKey] }) }));
      await asPi(
        `mutation($q: Int!, $t: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $t, answers: $a) { isCompleted } }`,
        { q: questionary.questionaryId, t: topicId, a: values },
      );
    }
    await asPi(
      `mutation($pk: Int!) { submitExperimentSafety(experimentSafetyPk: $pk, isSubmitted: true) { status } }`,
      {
        pk: createExperimentSafety.experimentSafetyPk,
      },
    );
    await this.api.as(
      'scientist',
      Role.INSTRUMENT_SCIENTIST,
      `mutation($pk: Int!) { submitInstrumentScientistDecision(experimentSafetyPk: $pk, esiVersion: 1, decision: ACCEPTED,
        comment: "The sample environment is standard for D22") { status } }`,
      { pk: createExperimentSafety.experimentSafetyPk },
    );
  }

  private officer<T>(source: string, variables: Record<string, unknown> = {}): Promise<T> {
    return this.api.as<T>('officer', Role.USER_OFFICER, source, variables);
  }

  /** The instrument, the technique, the proposals on them and the internal review, as the officer does it. */
  private async setUpReviews(callId: number, proposalPks: readonly number[]): Promise<number> {
    const scientistId = await this.api.userId('scientist');
    const { createInstrument } = await this.officer<{ createInstrument: { id: number } }>(
      `mutation($name: String!, $shortCode: String!, $description: String!, $contact: String, $manager: Int) {
        createInstrument(name: $name, shortCode: $shortCode, description: $description, instrumentContact: $contact,
          managerUserId: $manager) { id } }`,
      { ...DEMO_INSTRUMENT, manager: scientistId },
    );
    const instrumentId = createInstrument.id;
    await this.officer(
      `mutation($i: Int!, $s: [Int!]!) { assignScientistsToInstrument(instrumentId: $i, scientistIds: $s) }`,
      { i: instrumentId, s: [scientistId] },
    );
    await this.officer(
      `mutation($c: Int!, $i: Int!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: [{ instrumentId: $i }]) { id } }`,
      { c: callId, i: instrumentId },
    );
    await this.officer(
      `mutation($c: Int!, $i: Int!, $t: Float!) { setInstrumentAvailabilityTime(callId: $c, instrumentId: $i, availabilityTime: $t) }`,
      { c: callId, i: instrumentId, t: DEMO_INSTRUMENT.availabilityTime },
    );
    const { createTechnique } = await this.officer<{ createTechnique: { id: number } }>(
      `mutation($name: String!, $shortCode: String!, $description: String!) {
        createTechnique(name: $name, shortCode: $shortCode, description: $description) { id } }`,
      DEMO_TECHNIQUE,
    );
    const techniqueId = createTechnique.id;
    await this.officer(
      `mutation($t: Int!, $s: [Int!]!) { assignScientistsToTechnique(techniqueId: $t, scientistIds: $s) }`,
      { t: techniqueId, s: [scientistId] },
    );
    await this.officer(
      `mutation($t: Int!, $i: [Int!]!) { assignInstrumentsToTechnique(techniqueId: $t, instrumentIds: $i) }`,
      { t: techniqueId, i: [instrumentId] },
    );
    await this.officer(
      `mutation($pks: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $pks, instrumentIds: $i) }`,
      { pks: proposalPks, i: [instrumentId] },
    );
    for (const pk of proposalPks)
      await this.officer(
        `mutation($pk: Int!, $t: [Int!]!) { assignProposalToTechniques(proposalPk: $pk, techniqueIds: $t) }`,
        { pk, t: [techniqueId] },
      );
    await this.setUpPanel(callId, instrumentId, proposalPks);
    const { technicalReviews } = await this.officer<{ technicalReviews: { id: number }[] }>(
      `query($pk: Int!) { technicalReviews(proposalPk: $pk) { id } }`,
      { pk: proposalPks[0] },
    );
    await this.officer(
      `mutation($input: CreateInternalReviewInput!) { createInternalReview(input: $input) { id } }`,
      {
        input: {
          ...DEMO_INTERNAL_REVIEW,
          reviewerId: await this.api.userId('internal'),
          technicalReviewId: technicalReviews[0].id,
        },
      },
    );
    return instrumentId;
  }

  /**
   * DEMO-FAP: `chair` and `secretary` as its chair and secretary, `reviewer` its member, reviewing the instrument in
   * the call; the proposals on it, each given to `reviewer` to grade (one request for all of them).
   */
  private async setUpPanel(
    callId: number,
    instrumentId: number,
    proposalPks: readonly number[],
  ): Promise<void> {
    const { createFap } = await this.officer<{ createFap: { id: number } }>(
      `mutation($code: String!, $description: String!, $n: Int!, $guide: String) {
        createFap(code: $code, description: $description, numberRatingsRequired: $n, active: true, gradeGuide: $guide) { id } }`,
      DEMO_FAP,
    );
    const fapId = createFap.id;
    for (const [username, role] of [
      ['chair', Role.FAP_CHAIR],
      ['secretary', Role.FAP_SECRETARY],
    ] as const)
      await this.officer(
        `mutation($i: AssignChairOrSecretaryToFapInput!) { assignChairOrSecretary(assignChairOrSecretaryToFapInput: $i) { id } }`,
        { i: { fapId, userId: await this.api.userId(username), roleId: role } },
      );
    const reviewerId = await this.api.userId('reviewer');
    await this.officer(
      `mutation($m: [Int!]!, $f: Int!) { assignReviewersToFap(memberIds: $m, fapId: $f) { id } }`,
      {
        m: [reviewerId],
        f: fapId,
      },
    );
    await this.officer(
      `mutation($i: [Int!]!, $c: Int!, $f: Int) { updateFapToCallInstrument(instrumentIds: $i, callId: $c, fapId: $f) }`,
      { i: [instrumentId], c: callId, f: fapId },
    );
    await this.officer(
      `mutation($p: [Int!]!, $fi: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $fi) }`,
      { p: proposalPks, fi: [{ fapId, instrumentId }] },
    );
    await this.officer(
      `mutation($f: Int!, $c: Int!, $p: [AutomaticAssignmentPairInput!]!) { applyAutomaticAssignment(fapId: $f, callId: $c, pairs: $p) { id } }`,
      { f: fapId, c: callId, p: proposalPks.map((proposalPk) => ({ proposalPk, userId: reviewerId })) },
    );
  }

  /** The demo's submitted proposals; their primary keys. */
  private async submitProposals(callId: number): Promise<number[]> {
    const pks: number[] = [];
    for (const demo of DEMO_SUBMITTED_PROPOSALS) pks.push(await this.submitOne(callId, demo));
    return pks;
  }

  /**
   * The demo's samples of a proposal (before its submission): created by its PI in the "Samples" question
   * (demo_samples) and their questionaries answered, as the applicant does in the wizard's sample dialog.
   */
  private async declareSamples(
    demo: DemoSubmittedProposal,
    proposalPk: number,
    fields: readonly { naturalKey: string; questionId: string; config: unknown }[],
  ): Promise<void> {
    if (!demo.samples?.length) return;
    const question = fields.find((f) => f.naturalKey === 'demo_samples');
    if (!question) throw new Error('The demo proposal template has no demo_samples question');
    const templateId = (question.config as { templateId: number }).templateId;
    const sampleFields = await this.questionaries.fieldsOf(templateId);
    const formula = sampleFields.fields.find((f) => f.naturalKey === 'demo_sample_formula');
    if (!formula) throw new Error('The demo sample template has no demo_sample_formula question');
    for (const sample of demo.samples) {
      const { createSample } = await this.api.as<{ createSample: { questionaryId: number } }>(
        demo.pi,
        Role.USER,
        `mutation($title: String!, $t: Int!, $pk: Int!, $q: String!) {
          createSample(title: $title, templateId: $t, proposalPk: $pk, questionId: $q) { questionaryId } }`,
        { title: sample.title, t: templateId, pk: proposalPk, q: question.questionId },
      );
      await this.api.as(
        demo.pi,
        Role.USER,
        `mutation($q: Int!, $t: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $t, answers: $a) { isCompleted } }`,
        {
          q: createSample.questionaryId,
          t: formula.topicId,
          a: [{ questionId: formula.questionId, value: JSON.stringify({ value: sample.formula }) }],
        },
      );
    }
  }

  private async submitOne(callId: number, demo: DemoSubmittedProposal): Promise<number> {
    const pi = sessionOf(await this.api.userId(demo.pi), Role.USER);
    const coProposers = await Promise.all(demo.coProposers.map((name) => this.api.userId(name)));
    const proposalPk = await this.proposals.create(callId, pi);
    await this.proposals.update(pi, {
      proposalPk,
      title: demo.title,
      abstract: demo.abstract,
      users: coProposers,
    });
    const proposal = await this.proposals.existing(proposalPk);
    const questionary = await this.questionaries.existing(proposal.questionaryId);
    const { fields, topicIds } = await this.questionaries.fieldsOf(questionary.templateId);
    await this.declareSamples(demo, proposalPk, fields);
    for (const topicId of topicIds) {
      const answers = fields
        .filter((f) => f.topicId === topicId && f.dataType === DataType.TEXT_INPUT)
        .flatMap((f) => {
          const value = demo.answers[f.naturalKey];
          return value === undefined ? [] : [{ questionId: f.questionId, value }];
        });
      await this.questionaries.answerTopic(
        await this.questionaries.existing(questionary.questionaryId),
        topicId,
        answers,
        false,
        pi,
      );
    }
    await this.proposals.submit(pi, proposalPk);
    return proposalPk;
  }
}
