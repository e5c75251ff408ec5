import {
  questionTypeMessages,
  SafetyStatus,
  SAMPLE_CREATED,
  SAMPLE_DELETED,
  SAMPLE_SAFETY_EVALUATED,
  SAMPLE_UPDATED,
  subTemplateMessages,
  type SampleCreatedData,
} from '@user-office/contracts';
import {
  sampleDecider,
  type SampleActor,
  type SampleCommand,
  type SampleEntriesFacts,
  type SampleProposalFacts,
} from './sample.decide';

const M = subTemplateMessages;
const sample = (extra: Partial<SampleCreatedData> = {}): SampleCreatedData => ({
  sampleId: 4,
  title: 'Quartz',
  creatorId: 3,
  proposalPk: 11,
  questionId: 'samples',
  templateId: 6,
  questionaryId: 50,
  isPostProposalSubmission: false,
  safetyStatus: SafetyStatus.PENDING_EVALUATION,
  origin: null,
  ...extra,
});
const draft: SampleProposalFacts = { isMember: true, editable: true, submitted: false };
const submitted: SampleProposalFacts = { isMember: true, editable: false, submitted: true };
const stranger: SampleProposalFacts = { isMember: false, editable: true, submitted: false };
const room: SampleEntriesFacts = { maxEntries: 2, existingCount: 1, adding: 1 };
const full: SampleEntriesFacts = { maxEntries: 2, existingCount: 2, adding: 1 };

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(sampleDecider.evolve, sampleDecider.initialState);
const created = (extra: Partial<SampleCreatedData> = {}) => ({ type: SAMPLE_CREATED, data: sample(extra) });
const when = (command: SampleCommand, events: { type: string; data: unknown }[] = []) =>
  sampleDecider.decide(command, given(events));
const create = (proposal = draft, entries = room, extra: Partial<SampleCreatedData> = {}): SampleCommand => ({
  type: 'CreateSample',
  sample: sample(extra),
  proposal,
  entries,
});
const member: SampleActor = {
  id: 9,
  readsProposal: true,
  isOfficer: false,
  isSafetyReviewer: false,
  onSubmittedEsi: false,
};
/** a safety reviewer evaluating a sample of a submitted ESI (they read its proposal) */
const reviewer: SampleActor = { ...member, isSafetyReviewer: true, onSubmittedEsi: true };
const update = (
  title: string | null,
  safety: { safetyStatus: SafetyStatus | null; safetyComment: string | null } | null,
  proposal = draft,
  actor = member,
): SampleCommand => ({ type: 'UpdateSample', title, safety, proposal, actor });

describe('sample decider', () => {
  it('declares a sample pending evaluation on a draft, within maxEntries', () => {
    expect(when(create())).toEqual([{ type: SAMPLE_CREATED, data: sample() }]);
    expect(given([created()]).safetyStatus).toBe(SafetyStatus.PENDING_EVALUATION);
    expect(() => when(create(draft, full))).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', message: questionTypeMessages.samplesAtMost(2) }),
    );
    expect(() => when(create(stranger))).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => when(create(draft, room, { safetyStatus: SafetyStatus.LOW_RISK }))).toThrow(
      'A new sample starts pending evaluation',
    );
  });

  it('after submission takes only post-submission samples, which do not count toward maxEntries', () => {
    expect(() => when(create(submitted))).toThrow(M.proposalNotEditable);
    expect(when(create(submitted, full, { isPostProposalSubmission: true }))).toHaveLength(1);
  });

  it('renames for members while the sample may be changed', () => {
    expect(when(update('Garnet', null), [created()])).toEqual([
      { type: SAMPLE_UPDATED, data: { sampleId: 4, title: 'Garnet' } },
    ]);
    expect(when(update('Quartz', null), [created()])).toEqual([]);
    expect(() => when(update('Garnet', null, submitted), [created()])).toThrow(M.proposalNotEditable);
    expect(
      when(update('Garnet', null, submitted), [created({ isPostProposalSubmission: true })]),
    ).toHaveLength(1);
    expect(() => when(update('Garnet', null, stranger), [created()])).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: M.mayNotRead }),
    );
  });

  it('lets only officers and experiment safety reviewers evaluate safety', () => {
    const safety = { safetyStatus: SafetyStatus.HIGH_RISK, safetyComment: 'Radioactive' };
    expect(() => when(update(null, safety), [created()])).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: M.mayNotEvaluateSafety }),
    );
    const evaluated = when(update(null, safety, stranger, reviewer), [created()]);
    expect(evaluated).toEqual([
      {
        type: SAMPLE_SAFETY_EVALUATED,
        data: {
          sampleId: 4,
          safetyStatus: SafetyStatus.HIGH_RISK,
          safetyComment: 'Radioactive',
          evaluatedBy: 9,
        },
      },
    ]);
    const state = given([created(), ...evaluated]);
    expect(state).toMatchObject({ safetyStatus: SafetyStatus.HIGH_RISK, safetyComment: 'Radioactive' });
    expect(
      when(update(null, { safetyStatus: null, safetyComment: 'Radioactive' }, stranger, reviewer), [
        created(),
        ...evaluated,
      ]),
    ).toEqual([]);
    // a reviewer who is no member cannot rename
    expect(() => when(update('Other', null, stranger, reviewer), [created()])).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });

  it('refuses whoever may not read the proposal as a read is, and a safety reviewer a sample of no submitted ESI', () => {
    const safety = { safetyStatus: SafetyStatus.LOW_RISK, safetyComment: '' };
    const notReading = { ...reviewer, readsProposal: false, onSubmittedEsi: false };
    for (const command of [
      update(null, safety, stranger, notReading),
      update('Garnet', null, draft, notReading),
    ])
      expect(() => when(command, [created()])).toThrow(
        expect.objectContaining({ code: 'FORBIDDEN', message: M.mayNotRead }),
      );
    // reading the proposal through another, submitted ESI is not evaluating this sample
    expect(() =>
      when(update(null, safety, stranger, { ...reviewer, onSubmittedEsi: false }), [created()]),
    ).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: M.notOnSubmittedEsi }));
    // officers evaluate any sample
    const officer = { ...member, isOfficer: true };
    expect(when(update(null, safety, stranger, officer), [created()])).toHaveLength(1);
  });

  it('once the proposal is submitted deletes only post-submission samples', () => {
    expect(when({ type: 'DeleteSample', proposal: draft }, [created()])).toEqual([
      { type: SAMPLE_DELETED, data: { sampleId: 4, proposalPk: 11, questionId: 'samples' } },
    ]);
    expect(() =>
      when({ type: 'DeleteSample', proposal: { ...submitted, editable: true } }, [created()]),
    ).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', message: M.onlyPostSubmissionSamplesDeleted }),
    );
    expect(
      when({ type: 'DeleteSample', proposal: submitted }, [created({ isPostProposalSubmission: true })]),
    ).toHaveLength(1);
    expect(() => when({ type: 'DeleteSample', proposal: stranger }, [created()])).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() =>
      when({ type: 'DeleteSample', proposal: draft }, [
        created(),
        { type: SAMPLE_DELETED, data: { sampleId: 4, proposalPk: 11, questionId: 'samples' } },
      ]),
    ).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: M.sampleNotFound }));
  });
});
