import { WorkflowType } from '../enums';

/**
 * The e-mail templates an e-mail status action can send (§3 Status action: "recipients, each with an e-mail
 * template"). Subject and bodies use `{{path}}` placeholders from `EMAIL_TEMPLATE_PLACEHOLDERS`; the worker
 * that sends status-action e-mails renders them with the proposal's (or experiment's) data. A combined e-mail
 * (the action's `combineEmails`: one e-mail for every proposal a bulk change moved) fills each proposal
 * placeholder with the values of all its proposals: references joined by ", ", titles by "; ", the call, PI and
 * final status once each; `links.proposal` is then the portal's start page, which lists them.
 */
export interface EmailTemplate {
  /** kebab case, e.g. `proposal-submitted`; what a status action's config names */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly entityType: WorkflowType;
  readonly subject: string;
  /** the plain-text body */
  readonly text: string;
  /** the HTML body (the same message) */
  readonly html: string;
}

/** The placeholders a template may use, with what they stand for. */
export const EMAIL_TEMPLATE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  'recipient.firstname': "The recipient's first name (preferred name when set)",
  'recipient.lastname': "The recipient's last name",
  'facility.name': 'The ORGANISATION_NAME setting',
  'facility.userOfficeEmail': 'The USER_OFFICE_EMAIL setting',
  'proposal.proposalId': "The proposal's reference, e.g. 2024-0042",
  'proposal.title': "The proposal's title",
  'proposal.status.name': "The name of the proposal's current status",
  'proposal.finalStatus': "The proposal's final status (ACCEPTED, REJECTED, RESERVED)",
  'proposal.commentForUser': 'The comment of the management decision for the proposers',
  'proposal.principalInvestigator': "The principal investigator's full name",
  'call.shortCode': "The short code of the proposal's call",
  'links.proposal': 'The address of the proposal in the portal',
  'links.invite': 'The address where an invitation is accepted',
  'invite.code': 'The invitation code',
  'invite.expiresAt': 'When the invitation expires',
  'inviter.name': 'The full name of who sent the invitation',
  'experiment.experimentId': "The experiment's reference",
  'experiment.startsAt': 'When the experiment starts (in the TIMEZONE setting)',
  'experiment.endsAt': 'When the experiment ends (in the TIMEZONE setting)',
  'experiment.status': "The experiment's status (DRAFT, ACTIVE, COMPLETED)",
  'experiment.localContact': "The full name of the experiment's local contact",
  'instrument.name': "The name of the experiment's instrument",
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** the HTML body of a plain-text body: one paragraph per blank-line-separated block, links made clickable */
function htmlOf(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) =>
      escapeHtml(block)
        .replace(/(\{\{links\.[a-zA-Z]+\}\})/g, '<a href="$1">$1</a>')
        .replace(/\n/g, '<br>'),
    )
    .map((block) => `<p>${block}</p>`)
    .join('\n');
}

const SIGNATURE = 'Kind regards,\nThe user office of {{facility.name}}\n{{facility.userOfficeEmail}}';

function template(
  id: string,
  name: string,
  description: string,
  entityType: WorkflowType,
  subject: string,
  body: string,
): EmailTemplate {
  const text = `${body}\n\n${SIGNATURE}`;
  return { id, name, description, entityType, subject, text, html: htmlOf(text) };
}

const P = WorkflowType.PROPOSAL;
const E = WorkflowType.EXPERIMENT;

export const EMAIL_TEMPLATES: readonly EmailTemplate[] = [
  template(
    'proposal-submitted',
    'Proposal submitted',
    'Confirms the submission to the proposers',
    P,
    'Your proposal {{proposal.proposalId}} has been submitted',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'your proposal "{{proposal.title}}" ({{proposal.proposalId}}) to the call {{call.shortCode}} has been ' +
      'submitted. You will be told when a decision has been made.\n\n{{links.proposal}}',
  ),
  template(
    'user-office-proposal-submitted',
    'Proposal submitted (user office)',
    'Tells the user office that a proposal was submitted',
    P,
    'Proposal {{proposal.proposalId}} submitted to {{call.shortCode}}',
    'The proposal "{{proposal.title}}" ({{proposal.proposalId}}) by {{proposal.principalInvestigator}} has ' +
      'been submitted to the call {{call.shortCode}}.\n\n{{links.proposal}}',
  ),
  template(
    'proposal-status-changed',
    'Proposal status changed',
    'Tells the proposers the new status of their proposal',
    P,
    'Your proposal {{proposal.proposalId}} is now: {{proposal.status.name}}',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'the status of your proposal "{{proposal.title}}" ({{proposal.proposalId}}) is now ' +
      '"{{proposal.status.name}}".\n\n{{links.proposal}}',
  ),
  template(
    'proposal-accepted',
    'Proposal accepted',
    'Tells the proposers that their proposal was accepted',
    P,
    'Your proposal {{proposal.proposalId}} has been accepted',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'we are pleased to tell you that your proposal "{{proposal.title}}" ({{proposal.proposalId}}) has been ' +
      'accepted.\n\n{{proposal.commentForUser}}\n\n{{links.proposal}}',
  ),
  template(
    'proposal-rejected',
    'Proposal rejected',
    'Tells the proposers that their proposal was not accepted',
    P,
    'Your proposal {{proposal.proposalId}} has not been successful',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'we regret to tell you that your proposal "{{proposal.title}}" ({{proposal.proposalId}}) has not been ' +
      'successful this time.\n\n{{proposal.commentForUser}}\n\n{{links.proposal}}',
  ),
  template(
    'proposal-reserved',
    'Proposal reserved',
    'Tells the proposers that their proposal is on the reserve list',
    P,
    'Your proposal {{proposal.proposalId}} is on the reserve list',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'your proposal "{{proposal.title}}" ({{proposal.proposalId}}) has been placed on the reserve list: it ' +
      'may be scheduled if time becomes available.\n\n{{proposal.commentForUser}}\n\n{{links.proposal}}',
  ),
  template(
    'co-proposer-invite',
    'Co-proposer invitation',
    'Invites a person to join a proposal as co-proposer',
    P,
    '{{inviter.name}} invites you to the proposal "{{proposal.title}}"',
    'Hello,\n\n{{inviter.name}} invites you to join the proposal "{{proposal.title}}" as a co-proposer.\n\n' +
      'Accept the invitation with the code {{invite.code}} before {{invite.expiresAt}}:\n\n{{links.invite}}',
  ),
  template(
    'technical-review-requested',
    'Technical review requested',
    'Asks the instrument (or technique) scientists for a feasibility review',
    P,
    'Technical review of proposal {{proposal.proposalId}}',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'the proposal "{{proposal.title}}" ({{proposal.proposalId}}) waits for your technical review.\n\n' +
      '{{links.proposal}}',
  ),
  template(
    'fap-review-requested',
    'FAP review requested',
    'Asks the FAP reviewers of a proposal for their review',
    P,
    'FAP review of proposal {{proposal.proposalId}}',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'you have been assigned to review the proposal "{{proposal.title}}" ({{proposal.proposalId}}).\n\n' +
      '{{links.proposal}}',
  ),
  template(
    'fap-reviews-completed',
    'FAP reviews completed',
    "Tells the FAP's chairs and secretaries that every review of a proposal is in",
    P,
    'Every FAP review of proposal {{proposal.proposalId}} is submitted',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'every FAP review of the proposal "{{proposal.title}}" ({{proposal.proposalId}}) has been submitted: it ' +
      'is ready for the FAP meeting.\n\n{{links.proposal}}',
  ),
  template(
    'experiment-esf-submitted',
    'Experiment safety form submitted',
    'Tells the safety reviewers that an experiment safety form waits for review',
    E,
    'Experiment safety form of {{experiment.experimentId}} submitted',
    'The experiment safety form of the experiment {{experiment.experimentId}} on {{instrument.name}} ' +
      '(proposal "{{proposal.title}}", starting {{experiment.startsAt}}) has been submitted for review.',
  ),
  template(
    'experiment-esf-approved',
    'Experiment safety form approved',
    'Tells the proposers that the experiment safety form was approved',
    E,
    'Experiment safety form of {{experiment.experimentId}} approved',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'the experiment safety form of your experiment {{experiment.experimentId}} on {{instrument.name}}, ' +
      'starting {{experiment.startsAt}}, has been approved.',
  ),
  template(
    'experiment-esf-rejected',
    'Experiment safety form rejected',
    'Tells the proposers that the experiment safety form was rejected',
    E,
    'Experiment safety form of {{experiment.experimentId}} rejected',
    'Dear {{recipient.firstname}} {{recipient.lastname}},\n\n' +
      'the experiment safety form of your experiment {{experiment.experimentId}} on {{instrument.name}} has ' +
      'been rejected. The user office will contact you.',
  ),
];

const byId = new Map(EMAIL_TEMPLATES.map((t) => [t.id, t]));

export const EMAIL_TEMPLATE_IDS: readonly string[] = EMAIL_TEMPLATES.map((t) => t.id);

/** The e-mail template of this id, or undefined. */
export const emailTemplateById = (id: string): EmailTemplate | undefined => byId.get(id);

/** The placeholders used in a text, e.g. ['proposal.title']. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g)].map((m) => m[1])),
];
