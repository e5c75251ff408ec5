import { array, number, object, type InferType } from 'yup';
import { visitBasisSchema } from '../questions/types/basis';
import { visitMessages } from './messages';

/**
 * Visits and visit registrations (§3 Visit, Visit registration; §4; §5 Visit team, Visit basis; §8). The team
 * and basis texts are the spec's (`visitMessages`); the others follow its style.
 */
export const visitRuleMessages = {
  visitNotFound: 'Visit not found',
  experimentNotFound: 'Experiment not found',
  registrationNotFound: 'Visit registration not found',
  exists: 'The experiment already has a visit',
  onlyMembers: 'Only the principal investigator or a co-proposer may define the visit team',
  notAccepted: 'A visit is for accepted proposals with a submitted management decision',
  userNotAvailable: 'User not available',
  noActiveTemplate: 'There is no active visit registration template',
  onlyRegistrant: 'Only the visitor may change their own visit registration',
  notVisitor: 'You are not a visitor of this visit',
  locked: 'The visit registration is submitted and can no longer be changed',
  notEditable: (status: string): string => `The visit registration is ${status} and can no longer be changed`,
  noQuestionary: 'Please fill in the visit registration first',
  incomplete: 'Please complete the visit registration before submitting it',
  notSubmitted: 'Only a submitted visit registration can be approved or sent back for changes',
  notCancellable: 'Only drafted, submitted and change-requested visit registrations can be cancelled',
  mayNotCancel: 'Only the visitor or the user office may cancel a visit registration',
  registrationsRequired: 'Please select visit registrations',
} as const;

const id = (message: string) => number().required(message).integer(message).min(1, message);

/** §5 Visit team: at least one visitor, a team lead who is one of them. */
export const visitTeamSchema = object({
  team: array(number().integer().required().min(1))
    .ensure()
    .defined()
    .min(1, visitMessages.visitorsRequired)
    .transform((value: number[]) => [...new Set(value)]),
  teamLeadUserId: number()
    .nullable()
    .required(visitMessages.teamLeadRequired)
    .integer(visitMessages.teamLeadRequired)
    .min(1, visitMessages.teamLeadRequired)
    .test('lead-in-team', visitMessages.teamLeadMustBeVisitor, function (value) {
      const team = (this.parent.team as number[] | undefined) ?? [];
      return value === null || value === undefined || team.length === 0 || team.includes(value);
    }),
});

export const createVisitSchema = visitTeamSchema.shape({
  experimentPk: id(visitRuleMessages.experimentNotFound),
});
export type CreateVisitInput = InferType<typeof createVisitSchema>;

export const updateVisitSchema = visitTeamSchema.shape({ visitId: id(visitRuleMessages.visitNotFound) });
export type UpdateVisitInput = InferType<typeof updateVisitSchema>;

/** The registrant's VISIT_BASIS dates (§5 Visit basis), checked against `now` ("can not be in the past"). */
export const visitRegistrationDatesSchema = (now?: Date) =>
  visitBasisSchema({ now }).pick(['startsAt', 'endsAt']);

export const updateVisitRegistrationSchema = (now?: Date) =>
  visitRegistrationDatesSchema(now).shape({ visitId: id(visitRuleMessages.visitNotFound) });

/** approve / request changes: one or several registrations, each `{ visitId, userId }`. */
export const visitRegistrationKeysSchema = object({
  registrations: array(
    object({
      visitId: id(visitRuleMessages.registrationNotFound),
      userId: id(visitRuleMessages.registrationNotFound),
    }),
  )
    .ensure()
    .defined()
    .min(1, visitRuleMessages.registrationsRequired),
});
