const DAY_MS = 24 * 3600 * 1000;

/** The settings of feedback reminders (FEEDBACK_FREQUENCY_DAYS, FEEDBACK_MAX_REQUESTS, FEEDBACK_EXHAUST_DAYS). */
export interface FeedbackReminderSettings {
  frequencyDays: number;
  maxRequests: number;
  exhaustDays: number;
}

/** One planned reminder: its number (1…max) and when it is due. */
export interface PlannedReminder {
  number: number;
  dueAt: Date;
}

/**
 * The feedback reminders of an experiment that ended at `endsAt`, planned at `now` (pure: the clock is an
 * argument). Reminder k (1…FEEDBACK_MAX_REQUESTS) is due at endsAt + (k − 1) × FEEDBACK_FREQUENCY_DAYS; none is
 * due later than endsAt + FEEDBACK_EXHAUST_DAYS. Reminders already overdue when the plan is made (an experiment
 * completed late, or a planner that was down) collapse into one, due now — the last of them — so nobody gets a
 * burst of reminders at once. A frequency of 0 allows a single reminder.
 */
export function planFeedbackReminders(
  endsAt: Date,
  now: Date,
  settings: FeedbackReminderSettings,
): PlannedReminder[] {
  const max = Math.max(0, Math.floor(settings.maxRequests));
  const frequencyMs = Math.max(0, settings.frequencyDays) * DAY_MS;
  const exhaustAt = endsAt.getTime() + Math.max(0, settings.exhaustDays) * DAY_MS;
  const all: PlannedReminder[] = [];
  for (let k = 1; k <= max; k++) {
    const dueAt = endsAt.getTime() + (k - 1) * frequencyMs;
    if (dueAt > exhaustAt || (k > 1 && frequencyMs === 0)) break;
    all.push({ number: k, dueAt: new Date(dueAt) });
  }
  if (now.getTime() > exhaustAt) return [];
  const overdue = all.filter((r) => r.dueAt.getTime() <= now.getTime());
  const future = all.filter((r) => r.dueAt.getTime() > now.getTime());
  const last = overdue[overdue.length - 1];
  return last ? [{ number: last.number, dueAt: now }, ...future] : future;
}
