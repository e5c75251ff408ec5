import { array, number, object, string, type InferType } from 'yup';
import { shipmentMessages } from './messages';
import { validationLimits } from './common';

/** Shipments (§3 Shipment, §4 "submission locks editing", §5 Shipment, §7); §5's texts in `shipmentMessages`. */
export const shipmentRuleMessages = {
  notFound: 'Shipment not found',
  proposalNotFound: 'Proposal not found',
  experimentNotFound: 'Experiment not found',
  experimentNotOfProposal: "The experiment is not one of the proposal's experiments",
  onlyMembers: 'Only the principal investigator, a co-proposer or the user office may declare shipments',
  notAccepted: 'Shipments are for accepted proposals with a submitted management decision',
  noActiveTemplate: 'There is no active shipment declaration template',
  locked: 'The shipment is submitted and can no longer be changed',
  proposalChanged: 'A shipment stays with its proposal',
  sampleNotOfProposal: "The sample is not one of the proposal's samples",
  incomplete: 'Please complete the shipment declaration before submitting it',
  notSubmitted: 'Only a submitted shipment can be received',
  onlyOfficers: 'Only the user office may record a shipment as received',
} as const;

const title = () =>
  string()
    .trim()
    .required(shipmentMessages.titleRequired)
    .max(validationLimits.shipmentTitleMax, shipmentMessages.titleMax);
const proposalPk = () =>
  number()
    .nullable()
    .required(shipmentMessages.proposalRequired)
    .integer(shipmentMessages.proposalRequired)
    .min(1, shipmentMessages.proposalRequired);

export const createShipmentSchema = object({
  title: title(),
  proposalPk: proposalPk(),
  experimentPk: number().nullable().integer().default(null),
});
export type CreateShipmentInput = InferType<typeof createShipmentSchema>;

export const updateShipmentSchema = object({
  shipmentId: number().required(shipmentRuleMessages.notFound),
  title: title(),
  proposalPk: proposalPk(),
});
export type UpdateShipmentInput = InferType<typeof updateShipmentSchema>;

export const addSamplesToShipmentSchema = object({
  shipmentId: number().required(shipmentRuleMessages.notFound),
  sampleIds: array(number().integer().required()).ensure().defined(),
});
