/** What the e-mail placeholders of an experiment need (the experiments, instruments and users read models). */
export interface ExperimentPlaceholderFacts {
  experimentId: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  instrumentName: string | null;
  localContact: { firstname: string; preferredname: string | null; lastname: string } | null;
}

/** An instant as the facility reads it: day, month, year and time in its TIMEZONE, e.g. "15 Jan 2027, 09:00". */
export function facilityDateTime(value: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      value,
    );
  } catch {
    // an unknown zone in the setting: UTC rather than no date
    return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(value)} UTC`;
  }
}

/**
 * Pure: the `experiment.*` and `instrument.name` placeholders of EMAIL_TEMPLATE_PLACEHOLDERS for the experiment
 * whose workflow status ran the action (times in the facility's TIMEZONE).
 */
export function experimentPlaceholders(
  facts: ExperimentPlaceholderFacts,
  timeZone: string,
): Record<string, string> {
  const contact = facts.localContact;
  return {
    'experiment.experimentId': facts.experimentId,
    'experiment.startsAt': facilityDateTime(facts.startsAt, timeZone),
    'experiment.endsAt': facilityDateTime(facts.endsAt, timeZone),
    'experiment.status': facts.status,
    'experiment.localContact': contact
      ? `${contact.preferredname || contact.firstname} ${contact.lastname}`.trim()
      : '',
    'instrument.name': facts.instrumentName ?? '',
  };
}
