import {
  FAP_MEETING_DECISION_SAVED,
  FAP_REVIEW_SAVED,
  FAP_REVIEWER_ASSIGNED,
  GENERIC_TEMPLATE_CREATED,
  GENERIC_TEMPLATE_DELETED,
  INTERNAL_REVIEW_CREATED,
  INTERNAL_REVIEW_DELETED,
  INTERNAL_REVIEW_UPDATED,
  LEGACY_EVENT_LOGGED,
  PROPOSAL_CREATED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_UPDATED,
  QUESTIONARY_CREATED,
  SAMPLE_CREATED,
  SAMPLE_SAFETY_EVALUATED,
  TECHNICAL_REVIEW_SAVED,
  TOPIC_ANSWERED,
} from '@user-office/contracts';
import { HISTORY_FOLDS } from '../history-folds';
import { questionaryIdsOf } from '../queries/proposal-history/proposal-history.service';
import { changesCsv } from './changes-csv';
import { changesBetween, foldAsOf, historyFields, type HistoryEvent } from './proposal-history';
import { answeredQuestionId, questionaryAsOf } from './questionary-as-of';

const t = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));
let position = 0;
const event = (
  minute: number,
  streamId: string,
  type: string,
  data: unknown,
  actorId: number | null = 7,
  impersonatorId: number | null = null,
): HistoryEvent => ({
  position: ++position,
  streamId,
  type,
  data,
  metadata: { actorId, impersonatorId },
  createdAt: t(minute),
});

// given: a proposal created at 9:10, answered at 9:20, retitled (by an impersonating officer) at 9:30, given a
// sub-template item at 9:35, and moved to status 5 by the workflow (the System) at 9:40
const history: HistoryEvent[] = [
  event(10, 'proposal-1', PROPOSAL_CREATED, {
    proposalPk: 1,
    proposalId: 'P-1',
    callId: 1,
    proposerId: 7,
    questionaryId: 11,
    statusId: 1,
    title: 'Old title',
    abstract: 'An abstract',
    userIds: [8],
    clonedFromPk: null,
  }),
  event(10, 'questionary-11', QUESTIONARY_CREATED, { questionaryId: 11, templateId: 3 }),
  event(20, 'questionary-11', TOPIC_ANSWERED, {
    questionaryId: 11,
    topicId: 1,
    answers: [{ questionId: 'beam_time', value: 3 }],
    removedQuestionIds: [],
    isComplete: true,
  }),
  event(
    30,
    'proposal-1',
    PROPOSAL_UPDATED,
    { proposalPk: 1, title: 'New title', abstract: 'An abstract', proposerId: 7, userIds: [8] },
    7,
    2,
  ),
  event(35, 'generic-template-4', GENERIC_TEMPLATE_CREATED, {
    genericTemplateId: 4,
    title: 'Sample A',
    proposalPk: 1,
    questionId: 'samples',
    questionaryId: 12,
    templateId: 9,
  }),
  event(35, 'questionary-12', TOPIC_ANSWERED, {
    questionaryId: 12,
    topicId: 2,
    answers: [{ questionId: 'mass', value: 1.5 }],
    removedQuestionIds: [],
    isComplete: true,
  }),
  event(
    40,
    'proposal-1',
    PROPOSAL_STATUS_CHANGED,
    { proposalPk: 1, statusId: 5, changedBy: 'workflow' },
    null,
  ),
];

describe('a proposal as of an instant', () => {
  it('before its first event: it did not exist, and has no fields', () => {
    const state = foldAsOf(HISTORY_FOLDS, history, t(5));
    expect(state.proposal.status).toBe('none');
    expect(state.eventCount).toBe(0);
    expect(historyFields(state)).toEqual({});
  });

  it('between two events: the fields and answers as they stood then, not as they are now', () => {
    const fields = historyFields(foldAsOf(HISTORY_FOLDS, history, t(25)));
    expect(fields).toMatchObject({
      title: 'Old title',
      principalInvestigator: 7,
      coProposers: [8],
      status: 1,
      'answer.beam_time': 3,
    });
    expect(Object.keys(fields).some((k) => k.startsWith('subTemplate.'))).toBe(false);
  });

  it('at the instant of an event: that event is included', () => {
    expect(historyFields(foldAsOf(HISTORY_FOLDS, history, t(30))).title).toBe('New title');
  });

  it('after its last event: everything, sub-template answers included', () => {
    const state = foldAsOf(HISTORY_FOLDS, history, t(59));
    expect(state.eventCount).toBe(history.length);
    expect(historyFields(state)).toMatchObject({
      title: 'New title',
      status: 5,
      'subTemplate.4.title': 'Sample A',
      'subTemplate.4.answer.mass': 1.5,
    });
  });

  it('a deleted sub-template item is no longer shown', () => {
    const deleted = [
      ...history,
      event(50, 'generic-template-4', GENERIC_TEMPLATE_DELETED, { genericTemplateId: 4, proposalPk: 1 }),
    ];
    const fields = historyFields(foldAsOf(HISTORY_FOLDS, deleted, t(59)));
    expect(Object.keys(fields).some((k) => k.startsWith('subTemplate.4'))).toBe(false);
  });
});

describe('what changed between two instants', () => {
  it('lists each changed field once per event, with who and the impersonating officer, before → after', () => {
    const changes = changesBetween(HISTORY_FOLDS, history, t(25), t(40));
    expect(changes.map((c) => [c.field, c.before, c.after, c.changedById, c.impersonatedById])).toEqual([
      ['title', 'Old title', 'New title', 7, 2],
      ['subTemplate.4.title', undefined, 'Sample A', 7, null],
      ['subTemplate.4.question', undefined, 'samples', 7, null],
      ['subTemplate.4.answer.mass', undefined, 1.5, 7, null],
      ['status', 1, 5, null, null],
    ]);
  });

  it('nothing changed in a period without events', () => {
    expect(changesBetween(HISTORY_FOLDS, history, t(41), t(59))).toEqual([]);
  });

  it('from before the proposal existed: its creation shows every field appearing', () => {
    const changes = changesBetween(HISTORY_FOLDS, history, t(0), t(10));
    expect(changes.find((c) => c.field === 'title')).toMatchObject({ before: undefined, after: 'Old title' });
  });

  it('exports as CSV for an audit file', () => {
    const csv = changesCsv(changesBetween(HISTORY_FOLDS, history, t(25), t(40)), new Map([[7, 'Ada, PI']]));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Changed on,Changed by,Impersonated by,Event type,Field,Question,Before,After,Event position',
    );
    expect(lines[1]).toBe(
      `${t(30).toISOString()},"Ada, PI",User #2,ProposalUpdated,title,,"""Old title""","""New title""",4`,
    );
    expect(lines.at(-1)).toContain(',System,,ProposalStatusChanged,status,,1,5,');
  });

  it("names an answer's question in the CSV", () => {
    const [change] = changesBetween(HISTORY_FOLDS, history, t(10), t(20));
    const csv = changesCsv([{ ...change, question: '=Beam time (days)?' }], new Map());
    expect(csv.split('\r\n')[1]).toContain(",answer.beam_time,'=Beam time (days)?,,3,");
  });
});

const answered = (minute: number, questionaryId: number, questionId: string, value: unknown) =>
  event(minute, `questionary-${questionaryId}`, TOPIC_ANSWERED, {
    questionaryId,
    topicId: 1,
    answers: [{ questionId, value }],
    removedQuestionIds: [],
    isComplete: true,
  });

// given: the proposal of `history` (until 9:40), then a sample declared at 9:42 and answered at 9:43, its safety
// evaluated at 9:44; a technical review created at 9:45, answered at 9:46 and saved at 9:47; a FAP reviewer
// assigned at 9:48, their review questionary answered at 9:49, the grade saved at 9:50; the panel's decision at
// 9:51 and the management decision at 9:52, then the sample's answer changed at 9:55
const reviewed: HistoryEvent[] = [
  ...history,
  event(42, 'sample-21', SAMPLE_CREATED, {
    sampleId: 21,
    title: 'Crystal',
    creatorId: 7,
    proposalPk: 1,
    questionId: 'sample_declaration',
    templateId: 30,
    questionaryId: 31,
    isPostProposalSubmission: false,
    safetyStatus: 'PENDING_EVALUATION',
    origin: null,
  }),
  answered(43, 31, 'toxic', false),
  event(
    44,
    'sample-21',
    SAMPLE_SAFETY_EVALUATED,
    { sampleId: 21, safetyStatus: 'LOW_RISK', safetyComment: 'fine', evaluatedBy: 2 },
    2,
  ),
  event(45, 'proposal-assessment-1', PROPOSAL_INSTRUMENTS_ASSIGNED, {
    proposalPk: 1,
    instruments: [{ id: 5, name: 'Beamline', shortCode: 'BL' }],
    createdReviews: [
      { technicalReviewId: 51, instrumentId: 5, technicalReviewAssigneeId: 3, questionaryId: 52 },
    ],
    deletedReviewIds: [],
  }),
  answered(46, 52, 'feasible_because', 'enough flux'),
  event(
    47,
    'proposal-assessment-1',
    TECHNICAL_REVIEW_SAVED,
    {
      technicalReviewId: 51,
      proposalPk: 1,
      instrumentId: 5,
      status: 'FEASIBLE',
      timeAllocation: 2,
      comment: 'ok',
      publicComment: null,
      submitted: true,
      reviewerId: 3,
      files: [],
      questionaryId: 52,
    },
    3,
  ),
  event(48, 'fap-proposal-1', FAP_REVIEWER_ASSIGNED, {
    reviewId: 61,
    proposalPk: 1,
    fapId: 6,
    userId: 4,
    questionaryId: 62,
    conflicts: [],
    overrideReason: null,
    allReviewersSelected: true,
  }),
  answered(49, 62, 'impact', 'high'),
  event(
    50,
    'fap-proposal-1',
    FAP_REVIEW_SAVED,
    {
      reviewId: 61,
      proposalPk: 1,
      fapId: 6,
      userId: 4,
      grade: 2,
      comment: 'good',
      status: 'DRAFT',
      questionaryId: 62,
    },
    4,
  ),
  event(51, 'fap-proposal-1', FAP_MEETING_DECISION_SAVED, {
    proposalPk: 1,
    instrumentId: 5,
    fapId: 6,
    recommendation: 'ACCEPTED',
    commentForUser: 'well done',
    commentForManagement: null,
    rankOrder: 1,
    submitted: true,
    submittedBy: 2,
    becameSubmitted: true,
  }),
  event(52, 'proposal-1', PROPOSAL_MANAGEMENT_DECISION_UPDATED, {
    proposalPk: 1,
    finalStatus: 'ACCEPTED',
    previousFinalStatus: 'UNSET',
    commentForUser: 'Accepted',
    commentForManagement: 'budget ok',
    managementTimeAllocations: [{ instrumentId: 5, value: 3 }],
    managementDecisionSubmitted: true,
  }),
  answered(55, 31, 'toxic', true),
];

describe('samples, reviews, grades and decisions as of an instant', () => {
  it('the questionaries read are those the events name: samples and reviews included', () => {
    expect(questionaryIdsOf(reviewed).sort((a, b) => a - b)).toEqual([11, 12, 31, 52, 62]);
  });

  it('before the first of them: none of them is there', () => {
    const fields = historyFields(foldAsOf(HISTORY_FOLDS, reviewed, t(41)));
    expect(
      Object.keys(fields).filter((k) => /^(sample|technicalReview|fapReview|fapDecision)\./.test(k)),
    ).toEqual([]);
    expect(fields).toMatchObject({ finalStatus: 'UNSET', managementDecisionSubmitted: false });
  });

  it('between two: the sample and its answer as they stood, the review answered but not yet saved', () => {
    const fields = historyFields(foldAsOf(HISTORY_FOLDS, reviewed, t(46)));
    expect(fields).toMatchObject({
      'sample.21.title': 'Crystal',
      'sample.21.safetyStatus': 'LOW_RISK',
      'sample.21.answer.toxic': false,
      'technicalReview.51.status': 'UNFEASIBLE',
      'technicalReview.51.submitted': false,
      'technicalReview.51.answer.feasible_because': 'enough flux',
    });
    expect(Object.keys(fields).some((k) => k.startsWith('fapReview.'))).toBe(false);
  });

  it("after the last: reviews with their questionaries' answers, the grade and both decisions", () => {
    const fields = historyFields(foldAsOf(HISTORY_FOLDS, reviewed, t(59)));
    expect(fields).toMatchObject({
      'sample.21.answer.toxic': true,
      'technicalReview.51.status': 'FEASIBLE',
      'technicalReview.51.timeAllocation': 2,
      'technicalReview.51.submitted': true,
      'fapReview.61.grade': 2,
      'fapReview.61.answer.impact': 'high',
      'fapDecision.6.5.recommendation': 'ACCEPTED',
      'fapDecision.6.5.rankOrder': 1,
      finalStatus: 'ACCEPTED',
      commentForUser: 'Accepted',
      commentForManagement: 'budget ok',
      managementTimeAllocations: [{ instrumentId: 5, value: 3 }],
      managementDecisionSubmitted: true,
    });
  });

  it('what changed (after the reviewer was assigned) lists the answers of samples and reviews and the grade', () => {
    const changes = changesBetween(HISTORY_FOLDS, reviewed, t(48), t(59));
    expect(
      changes
        .filter((c) => c.field.includes('.answer.') || c.field.endsWith('.grade'))
        .map((c) => [c.field, c.before, c.after, c.changedById]),
    ).toEqual([
      ['fapReview.61.answer.impact', undefined, 'high', 7],
      ['fapReview.61.grade', null, 2, 4],
      ['sample.21.answer.toxic', false, true, 7],
    ]);
  });
});

describe('a reviewer assigned despite a conflict of interest', () => {
  const overridden: HistoryEvent[] = [
    ...reviewed,
    event(
      59,
      'fap-proposal-1',
      FAP_REVIEWER_ASSIGNED,
      {
        reviewId: 63,
        proposalPk: 1,
        fapId: 6,
        userId: 9,
        questionaryId: null,
        conflicts: [{ kind: 'INSTITUTION', hard: false, reason: "Shares the PI's institution (ILL)" }],
        overrideReason: 'Only expert on magnons',
        allReviewersSelected: true,
      },
      4,
    ),
  ];

  it('shows the conflicts and the reason given in the proposal as of then, and as a change by who gave it', () => {
    expect(historyFields(foldAsOf(HISTORY_FOLDS, overridden, t(59)))).toMatchObject({
      'fapReview.63.reviewer': 9,
      'fapReview.63.conflicts': ["Shares the PI's institution (ILL)"],
      'fapReview.63.overrideReason': 'Only expert on magnons',
    });
    const changes = changesBetween(HISTORY_FOLDS, overridden, t(58), t(59));
    expect(
      changes
        .filter((c) => c.field.startsWith('fapReview.63.'))
        .map((c) => [c.field, c.before, c.after, c.changedById]),
    ).toEqual(
      expect.arrayContaining([['fapReview.63.overrideReason', undefined, 'Only expert on magnons', 4]]),
    );
  });

  it('adds no such fields to a review assigned without one', () => {
    const fields = historyFields(foldAsOf(HISTORY_FOLDS, overridden, t(59)));
    expect(
      Object.keys(fields).filter((k) => k.startsWith('fapReview.61.') && /conflicts|override/.test(k)),
    ).toEqual([]);
  });
});

describe('the answers as of an instant, read as the questionary', () => {
  it('finds the question of an answer field, at any depth, and nothing in other fields', () => {
    expect(answeredQuestionId('answer.beam_time')).toBe('beam_time');
    expect(answeredQuestionId('sample.21.answer.toxic')).toBe('toxic');
    expect(answeredQuestionId('fapReview.61.answer.impact')).toBe('impact');
    expect(answeredQuestionId('title')).toBeNull();
    expect(answeredQuestionId('subTemplate.4.question')).toBeNull();
  });

  it("lays the answers of the instant in the template's steps; answers to unplaced questions come last", () => {
    const answers = historyFields(foldAsOf(HISTORY_FOLDS, history, t(25)));
    expect(answers['answer.beam_time']).toBe(3);
    const steps = questionaryAsOf(
      [
        {
          title: 'Beam',
          questions: [
            { id: 'intro', question: 'Read this', answerable: false },
            { id: 'beam_time', question: 'Beam time (days)?', answerable: true },
            { id: 'energy', question: 'Energy?', answerable: true },
          ],
        },
      ],
      { beam_time: 3, dropped: 'x' },
      new Map([['dropped', 'A question since removed from the template']]),
    );
    expect(steps).toEqual([
      {
        title: 'Beam',
        answers: [
          { questionId: 'beam_time', question: 'Beam time (days)?', answered: true, value: 3 },
          { questionId: 'energy', question: 'Energy?', answered: false, value: null },
        ],
      },
      {
        title: null,
        answers: [
          {
            questionId: 'dropped',
            question: 'A question since removed from the template',
            answered: true,
            value: 'x',
          },
        ],
      },
    ]);
  });
});

// given: the reviewed proposal, then an internal review of its technical review created at 9:56 (reviewer 8),
// updated with a comment and a document at 9:57, and deleted at 9:58
const internallyReviewed: HistoryEvent[] = [
  ...reviewed,
  event(56, 'internal-review-71', INTERNAL_REVIEW_CREATED, {
    id: 71,
    technicalReviewId: 51,
    title: 'Radiation check',
    comment: null,
    reviewerId: 8,
    files: [],
    assignedBy: 2,
  }),
  event(
    57,
    'internal-review-71',
    INTERNAL_REVIEW_UPDATED,
    {
      id: 71,
      technicalReviewId: 51,
      title: 'Radiation check',
      comment: '<p>shielding fine</p>',
      reviewerId: 8,
      files: ['f-1'],
    },
    8,
  ),
  event(58, 'internal-review-71', INTERNAL_REVIEW_DELETED, { id: 71, technicalReviewId: 51 }, 2),
];

describe('internal reviews as of an instant', () => {
  const internalFields = (minute: number) =>
    Object.fromEntries(
      Object.entries(historyFields(foldAsOf(HISTORY_FOLDS, internallyReviewed, t(minute)))).filter(([k]) =>
        k.startsWith('internalReview.'),
      ),
    );

  it('before it was created: none', () => {
    expect(internalFields(55)).toEqual({});
  });

  it('between two events: as created, then as updated (comment and documents)', () => {
    expect(internalFields(56)).toEqual({
      'internalReview.71.technicalReview': 51,
      'internalReview.71.title': 'Radiation check',
      'internalReview.71.comment': null,
      'internalReview.71.reviewer': 8,
      'internalReview.71.files': [],
    });
    expect(internalFields(57)).toMatchObject({
      'internalReview.71.comment': '<p>shielding fine</p>',
      'internalReview.71.files': ['f-1'],
    });
  });

  it('after its deletion: gone, and the change names who deleted it', () => {
    expect(internalFields(59)).toEqual({});
    const changes = changesBetween(HISTORY_FOLDS, internallyReviewed, t(57), t(59));
    expect(changes.filter((c) => c.field === 'internalReview.71.comment')).toEqual([
      expect.objectContaining({ changedById: 2, before: '<p>shielding fine</p>', after: undefined }),
    ]);
  });
});

describe("the imported system's log rows about the proposal (issue 40)", () => {
  const logged: HistoryEvent[] = [
    ...history,
    event(
      45,
      'legacy-event-log-proposal-1',
      LEGACY_EVENT_LOGGED,
      {
        system: 'uoc',
        eventLogId: 12,
        eventType: 'PROPOSAL_FEASIBILITY_REVIEW_UPDATED',
        objectType: 'proposal',
        changedObjectId: '1',
        proposalPk: 1,
        description: 'Technical review updated',
        rowData: '{}',
        changedBy: 4,
      },
      4,
    ),
  ];

  it('shows each as a field of its own, appearing at its time, by its user', () => {
    expect(historyFields(foldAsOf(HISTORY_FOLDS, logged, t(44)))['legacyLog.12']).toBeUndefined();
    expect(historyFields(foldAsOf(HISTORY_FOLDS, logged, t(45)))['legacyLog.12']).toBe(
      'PROPOSAL_FEASIBILITY_REVIEW_UPDATED: Technical review updated',
    );
    expect(changesBetween(HISTORY_FOLDS, logged, t(44), t(46))).toEqual([
      expect.objectContaining({ field: 'legacyLog.12', changedById: 4, before: undefined }),
    ]);
  });
});
