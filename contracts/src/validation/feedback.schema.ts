/** Feedback (§3 Feedback, §4 "DRAFT to SUBMITTED", §7); the spec quotes no texts for it. */
export const feedbackMessages = {
  notFound: 'Feedback not found',
  experimentNotFound: 'Experiment not found',
  onlyMembers: 'Only the principal investigator or a co-proposer may give feedback on the experiment',
  notCompleted: 'Feedback can be given once the experiment is completed',
  exists: 'You have already given feedback on this experiment',
  noActiveTemplate: 'There is no active feedback template',
  onlyCreator: 'Only the author may change their feedback',
  locked: 'The feedback is submitted and can no longer be changed',
  incomplete: 'Please complete the feedback before submitting it',
} as const;

/** The queue job name of one feedback reminder (on the email queue). */
export const FEEDBACK_REMINDER_JOB = 'feedback-reminder';

/** One feedback reminder: reminder `number` (1…FEEDBACK_MAX_REQUESTS) to one proposer of a completed experiment. */
export interface FeedbackReminderJobData {
  experimentPk: number;
  userId: number;
  number: number;
}
