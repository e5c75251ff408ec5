/**
 * The enumerations of the product spec (§3 "Enumerations"), shared by the api and both frontends.
 *
 * Rule for every enum here: a member's name and its value are both exactly the spec's token, so
 * `Role.USER_OFFICER === 'USER_OFFICER'`, `AllocationTimeUnit.Day === 'Day'` and
 * `ProposalPublicStatus.draft === 'draft'`. The spec's lower-case tokens (public status, evaluator operator,
 * predefined message key, upload state) therefore have lower-case member names too; that keeps the GraphQL
 * enum value names (which NestJS takes from the member names) equal to the stored values.
 */

/** Question data types. */
export enum DataType {
  BOOLEAN = 'BOOLEAN',
  DATE = 'DATE',
  DYNAMIC_MULTIPLE_CHOICE = 'DYNAMIC_MULTIPLE_CHOICE',
  EMBELLISHMENT = 'EMBELLISHMENT',
  FAP_REVIEW_BASIS = 'FAP_REVIEW_BASIS',
  FEEDBACK_BASIS = 'FEEDBACK_BASIS',
  FILE_UPLOAD = 'FILE_UPLOAD',
  GENERIC_TEMPLATE = 'GENERIC_TEMPLATE',
  GENERIC_TEMPLATE_BASIS = 'GENERIC_TEMPLATE_BASIS',
  INSTRUMENT_PICKER = 'INSTRUMENT_PICKER',
  INTERVAL = 'INTERVAL',
  NUMBER_INPUT = 'NUMBER_INPUT',
  PROPOSAL_BASIS = 'PROPOSAL_BASIS',
  PROPOSAL_ESI_BASIS = 'PROPOSAL_ESI_BASIS',
  RICH_TEXT_INPUT = 'RICH_TEXT_INPUT',
  SAMPLE_BASIS = 'SAMPLE_BASIS',
  SAMPLE_DECLARATION = 'SAMPLE_DECLARATION',
  SAMPLE_ESI_BASIS = 'SAMPLE_ESI_BASIS',
  SELECTION_FROM_OPTIONS = 'SELECTION_FROM_OPTIONS',
  SHIPMENT_BASIS = 'SHIPMENT_BASIS',
  TECHNICAL_REVIEW_BASIS = 'TECHNICAL_REVIEW_BASIS',
  TECHNIQUE_PICKER = 'TECHNIQUE_PICKER',
  TEXT_INPUT = 'TEXT_INPUT',
  VISIT_BASIS = 'VISIT_BASIS',
}

/** Unit of a call's time allocation (values are capitalised words, as in the spec). */
export enum AllocationTimeUnit {
  Day = 'Day',
  Hour = 'Hour',
  Week = 'Week',
}

/** Template import: how a conflicting question is resolved. */
export enum ConflictResolutionStrategy {
  UNRESOLVED = 'UNRESOLVED',
  USE_EXISTING = 'USE_EXISTING',
  USE_NEW = 'USE_NEW',
}

/** Template import: how an imported question compares with the existing one. */
export enum QuestionComparisonStatus {
  DIFFERENT = 'DIFFERENT',
  NEW = 'NEW',
  SAME = 'SAME',
}

/** How a question's dependencies combine. */
export enum DependenciesLogicOperator {
  AND = 'AND',
  OR = 'OR',
}

/** A dependency condition: the answer equals / does not equal the parameter. */
export enum EvaluatorOperator {
  eq = 'eq',
  neq = 'neq',
}

/** Comparison of a search criterion against an answer (the question filter). */
export enum FieldConditionType {
  EQUALS = 'EQUALS',
  EXISTS = 'EXISTS',
  GREATER_THAN = 'GREATER_THAN',
  INCLUDES = 'INCLUDES',
  LESS_THAN = 'LESS_THAN',
}

/** Recipient groups of an e-mail status action. */
export enum EmailStatusActionRecipients {
  CO_PROPOSERS = 'CO_PROPOSERS',
  EXPERIMENT_SAFETY_REVIEWERS = 'EXPERIMENT_SAFETY_REVIEWERS',
  FAP_CHAIR_AND_SECRETARY = 'FAP_CHAIR_AND_SECRETARY',
  FAP_REVIEWERS = 'FAP_REVIEWERS',
  INSTRUMENT_SCIENTISTS = 'INSTRUMENT_SCIENTISTS',
  OTHER = 'OTHER',
  PI = 'PI',
  TECHNIQUE_SCIENTISTS = 'TECHNIQUE_SCIENTISTS',
  USER_OFFICE = 'USER_OFFICE',
}

/** Kinds of status action. */
export enum StatusActionType {
  EMAIL = 'EMAIL',
  RABBITMQ = 'RABBITMQ',
}

/** Features a facility can switch on or off. */
export enum FeatureId {
  CONFLICT_OF_INTEREST_WARNING = 'CONFLICT_OF_INTEREST_WARNING',
  EMAIL_INVITE = 'EMAIL_INVITE',
  EMAIL_INVITE_LEGACY = 'EMAIL_INVITE_LEGACY',
  EMAIL_SEARCH = 'EMAIL_SEARCH',
  EXPERIMENT_SAFETY_REVIEW = 'EXPERIMENT_SAFETY_REVIEW',
  FAP_REVIEW = 'FAP_REVIEW',
  INSTRUMENT_MANAGEMENT = 'INSTRUMENT_MANAGEMENT',
  OAUTH = 'OAUTH',
  RISK_ASSESSMENT = 'RISK_ASSESSMENT',
  SCHEDULER = 'SCHEDULER',
  SHIPPING = 'SHIPPING',
  STFC_IDLE_TIMER = 'STFC_IDLE_TIMER',
  TECHNICAL_REVIEW = 'TECHNICAL_REVIEW',
  TECHNIQUE_PROPOSALS = 'TECHNIQUE_PROPOSALS',
  USER_MANAGEMENT = 'USER_MANAGEMENT',
  USER_SEARCH_FILTER = 'USER_SEARCH_FILTER',
  VISIT_MANAGEMENT = 'VISIT_MANAGEMENT',
}

/** What `updateFeatures` does to the listed features. */
export enum FeatureUpdateAction {
  ENABLE = 'ENABLE',
  DISABLE = 'DISABLE',
}

/** Facility settings (the palette colour ids are the original user-office ids). */
export enum SettingsId {
  CONFLICT_OF_INTEREST_COAUTHOR_YEARS = 'CONFLICT_OF_INTEREST_COAUTHOR_YEARS',
  DATE_FORMAT = 'DATE_FORMAT',
  DATE_TIME_FORMAT = 'DATE_TIME_FORMAT',
  DEFAULT_INST_SCI_REVIEWER_FILTER = 'DEFAULT_INST_SCI_REVIEWER_FILTER',
  DEFAULT_INST_SCI_STATUS_FILTER = 'DEFAULT_INST_SCI_STATUS_FILTER',
  DISPLAY_FAQ_LINK = 'DISPLAY_FAQ_LINK',
  DISPLAY_PRIVACY_STATEMENT_LINK = 'DISPLAY_PRIVACY_STATEMENT_LINK',
  EXPERIMENT_SAFETY_REVIEW_EMAIL = 'EXPERIMENT_SAFETY_REVIEW_EMAIL',
  EXTERNAL_AUTH_LOGIN_URL = 'EXTERNAL_AUTH_LOGIN_URL',
  EXTERNAL_AUTH_LOGOUT_URL = 'EXTERNAL_AUTH_LOGOUT_URL',
  FACILITY_ADDRESS = 'FACILITY_ADDRESS',
  FAP_SECS_EDIT_TECH_REVIEWS = 'FAP_SECS_EDIT_TECH_REVIEWS',
  FEEDBACK_EXHAUST_DAYS = 'FEEDBACK_EXHAUST_DAYS',
  FEEDBACK_FREQUENCY_DAYS = 'FEEDBACK_FREQUENCY_DAYS',
  FEEDBACK_MAX_REQUESTS = 'FEEDBACK_MAX_REQUESTS',
  GRADE_PRECISION = 'GRADE_PRECISION',
  HEADER_LOGO_FILENAME = 'HEADER_LOGO_FILENAME',
  IDLE_TIMEOUT = 'IDLE_TIMEOUT',
  INVITE_REMINDERS_SEND_DELAY_DAYS = 'INVITE_REMINDERS_SEND_DELAY_DAYS',
  INVITE_VALIDITY_PERIOD_DAYS = 'INVITE_VALIDITY_PERIOD_DAYS',
  ORGANISATION_NAME = 'ORGANISATION_NAME',
  PALETTE_ERROR_MAIN = 'PALETTE_ERROR_MAIN',
  PALETTE_INFO_MAIN = 'PALETTE_INFO_MAIN',
  PALETTE_PRIMARY_ACCENT = 'PALETTE_PRIMARY_ACCENT',
  PALETTE_PRIMARY_CONTRAST = 'PALETTE_PRIMARY_CONTRAST',
  PALETTE_PRIMARY_DARK = 'PALETTE_PRIMARY_DARK',
  PALETTE_PRIMARY_LIGHT = 'PALETTE_PRIMARY_LIGHT',
  PALETTE_PRIMARY_MAIN = 'PALETTE_PRIMARY_MAIN',
  PALETTE_SECONDARY_CONTRAST = 'PALETTE_SECONDARY_CONTRAST',
  PALETTE_SECONDARY_DARK = 'PALETTE_SECONDARY_DARK',
  PALETTE_SECONDARY_LIGHT = 'PALETTE_SECONDARY_LIGHT',
  PALETTE_SECONDARY_MAIN = 'PALETTE_SECONDARY_MAIN',
  PALETTE_SUCCESS_MAIN = 'PALETTE_SUCCESS_MAIN',
  PALETTE_WARNING_MAIN = 'PALETTE_WARNING_MAIN',
  PROFILE_PAGE_LINK = 'PROFILE_PAGE_LINK',
  SMTP_BCC_EMAIL = 'SMTP_BCC_EMAIL',
  TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS = 'TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS',
  TIMEZONE = 'TIMEZONE',
  USER_OFFICE_EMAIL = 'USER_OFFICE_EMAIL',
}

/** Constraint on the value of a number question. */
export enum NumberValueConstraint {
  NONE = 'NONE',
  ONLY_NEGATIVE = 'ONLY_NEGATIVE',
  ONLY_NEGATIVE_INTEGER = 'ONLY_NEGATIVE_INTEGER',
  ONLY_POSITIVE = 'ONLY_POSITIVE',
  ONLY_POSITIVE_INTEGER = 'ONLY_POSITIVE_INTEGER',
}

/** Editable content pages. */
export enum PageName {
  COOKIEPAGE = 'COOKIEPAGE',
  FOOTERCONTENT = 'FOOTERCONTENT',
  GRADEGUIDEPAGE = 'GRADEGUIDEPAGE',
  HELPPAGE = 'HELPPAGE',
  HOMEPAGE = 'HOMEPAGE',
  LOGINHELPPAGE = 'LOGINHELPPAGE',
  PRIVACYPAGE = 'PRIVACYPAGE',
  REVIEWPAGE = 'REVIEWPAGE',
  TECHNIQUEPROPOSALMANAGEMENTPAGE = 'TECHNIQUEPROPOSALMANAGEMENTPAGE',
}

/** A proposal's final (management) status. */
export enum ProposalEndStatus {
  ACCEPTED = 'ACCEPTED',
  REJECTED = 'REJECTED',
  RESERVED = 'RESERVED',
  UNSET = 'UNSET',
}

/** A proposal's status as shown to its users (lower-case tokens, as in the spec). */
export enum ProposalPublicStatus {
  accepted = 'accepted',
  draft = 'draft',
  rejected = 'rejected',
  reserved = 'reserved',
  submitted = 'submitted',
  unknown = 'unknown',
}

/** Technical review feasibility. */
export enum TechnicalReviewStatus {
  FEASIBLE = 'FEASIBLE',
  PARTIALLY_FEASIBLE = 'PARTIALLY_FEASIBLE',
  UNFEASIBLE = 'UNFEASIBLE',
}

/** Role short codes. Registered in GraphQL as `UserRole`, because `Role` is the role entity's type. */
export enum Role {
  EXPERIMENT_SAFETY_REVIEWER = 'EXPERIMENT_SAFETY_REVIEWER',
  FAP_CHAIR = 'FAP_CHAIR',
  FAP_REVIEWER = 'FAP_REVIEWER',
  FAP_SECRETARY = 'FAP_SECRETARY',
  INSTRUMENT_SCIENTIST = 'INSTRUMENT_SCIENTIST',
  INTERNAL_REVIEWER = 'INTERNAL_REVIEWER',
  USER = 'USER',
  USER_OFFICER = 'USER_OFFICER',
}

/** A visitor's registration status. */
export enum VisitRegistrationStatus {
  APPROVED = 'APPROVED',
  CANCELLED_BY_FACILITY = 'CANCELLED_BY_FACILITY',
  CANCELLED_BY_USER = 'CANCELLED_BY_USER',
  CHANGE_REQUESTED = 'CHANGE_REQUESTED',
  DRAFTED = 'DRAFTED',
  SUBMITTED = 'SUBMITTED',
}

/** What a workflow moves: proposals or experiments. */
export enum WorkflowType {
  EXPERIMENT = 'EXPERIMENT',
  PROPOSAL = 'PROPOSAL',
}

/**
 * Template groups: the nine of §3, and PROPOSAL_ESI and SAMPLE_ESI, which §3 names only as categories although §2 has
 * their template lists (/EsiTemplates, /SampleEsiTemplates), §3 their basis question types and a call its
 * esiTemplateId: a template belongs to a group, so an ESI template needs one.
 */
export enum TemplateGroupId {
  FAP_REVIEW = 'FAP_REVIEW',
  FEEDBACK = 'FEEDBACK',
  GENERIC_TEMPLATE = 'GENERIC_TEMPLATE',
  PDF = 'PDF',
  PROPOSAL_ESI = 'PROPOSAL_ESI',
  PROPOSAL_QUESTIONARY = 'PROPOSAL_QUESTIONARY',
  SAMPLE_DECLARATION = 'SAMPLE_DECLARATION',
  SAMPLE_ESI = 'SAMPLE_ESI',
  SHIPMENT_DECLARATION = 'SHIPMENT_DECLARATION',
  TECHNICAL_REVIEW = 'TECHNICAL_REVIEW',
  VISIT_REGISTRATION = 'VISIT_REGISTRATION',
}

/** Question categories (which templates a question may appear in). */
export enum TemplateCategoryId {
  FAP_REVIEW = 'FAP_REVIEW',
  FEEDBACK = 'FEEDBACK',
  GENERIC_TEMPLATE = 'GENERIC_TEMPLATE',
  PDF_TEMPLATE = 'PDF_TEMPLATE',
  PROPOSAL = 'PROPOSAL',
  PROPOSAL_ESI = 'PROPOSAL_ESI',
  SAMPLE = 'SAMPLE',
  SAMPLE_ESI = 'SAMPLE_ESI',
  SHIPMENT = 'SHIPMENT',
  TECHNICAL_REVIEW = 'TECHNICAL_REVIEW',
  VISIT_REGISTRATION = 'VISIT_REGISTRATION',
}

/** A shipment's status. */
export enum ShipmentStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
}

/** An experiment feedback's status. */
export enum FeedbackStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
}

/** A panel (FAP) review's status. */
export enum ReviewStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
}

/** An experiment's status. */
export enum ExperimentStatus {
  ACTIVE = 'ACTIVE',
  COMPLETED = 'COMPLETED',
  DRAFT = 'DRAFT',
}

/** A decision of the experiment safety review (the instrument scientist's, then the safety reviewer's). */
export enum ExperimentSafetyDecision {
  ACCEPTED = 'ACCEPTED',
  REJECTED = 'REJECTED',
  UNSET = 'UNSET',
}

/** Reviewer filter of the instrument scientist's proposal list: all proposals or only mine. */
export enum ReviewerFilter {
  ALL = 'ALL',
  ME = 'ME',
}

/** Safety evaluation (risk level) of a sample; a new sample starts as PENDING_EVALUATION. */
export enum SafetyStatus {
  ELEVATED_RISK = 'ELEVATED_RISK',
  HIGH_RISK = 'HIGH_RISK',
  LOW_RISK = 'LOW_RISK',
  PENDING_EVALUATION = 'PENDING_EVALUATION',
}

/**
 * Which system an experiment's schedule comes from: the user office itself (CORE) or the external scheduler
 * (SCHEDULER, the SCHEDULER feature).
 */
export enum ExperimentSource {
  CORE = 'CORE',
  SCHEDULER = 'SCHEDULER',
}

/**
 * Short codes of the statuses a fresh installation seeds. Statuses are data (officers add their own), so this
 * is not a GraphQL enum: `Status.shortCode` stays a string.
 */
export enum ProposalStatusDefaultShortCode {
  DRAFT = 'DRAFT',
  SUBMITTED_LOCKED = 'SUBMITTED_LOCKED',
  UNDER_REVIEW = 'UNDER_REVIEW',
  APPROVED = 'APPROVED',
  UNSUCCESSFUL = 'UNSUCCESSFUL',
  FINISHED = 'FINISHED',
  EXPIRED = 'EXPIRED',
  EDITABLE_SUBMITTED = 'EDITABLE_SUBMITTED',
  EDITABLE_SUBMITTED_INTERNAL = 'EDITABLE_SUBMITTED_INTERNAL',
  QUICK_REVIEW = 'QUICK_REVIEW',
}

/** Audience of a predefined message (default `general`). */
export enum PredefinedMessageKey {
  manager = 'manager',
  user = 'user',
  general = 'general',
}

/** State of a file upload in the browser. Not a GraphQL enum. */
export enum UploadState {
  pristine = 'pristine',
  uploading = 'uploading',
  complete = 'complete',
  error = 'error',
  aborted = 'aborted',
  rejected = 'rejected',
}

/** The kinds of download (§3, §7). Downloads are REST, so this is not a GraphQL enum. */
export enum DownloadKind {
  PROPOSAL_PDF = 'PROPOSAL_PDF',
  SAMPLE_PDF = 'SAMPLE_PDF',
  SHIPMENT_LABEL_PDF = 'SHIPMENT_LABEL_PDF',
  GENERIC_TEMPLATE_PDF = 'GENERIC_TEMPLATE_PDF',
  ATTACHMENT_ZIP = 'ATTACHMENT_ZIP',
  PROPOSAL_ZIP = 'PROPOSAL_ZIP',
  PROPOSAL_XLSX = 'PROPOSAL_XLSX',
  FAP_XLSX = 'FAP_XLSX',
  CALL_FAP_XLSX = 'CALL_FAP_XLSX',
  TECHNIQUE_PROPOSAL_XLSX = 'TECHNIQUE_PROPOSAL_XLSX',
}

/** Sort direction of list queries. */
export enum OrderDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}

/**
 * Every enum the api registers as a GraphQL enum, keyed by its GraphQL type name. The name is the TypeScript
 * name except `Role`, registered as `UserRole` (the `Role` object type is the role entity).
 * Not listed: ProposalStatusDefaultShortCode (statuses are data), UploadState (browser only),
 * DownloadKind (REST only).
 */
export const GRAPHQL_ENUMS = {
  AllocationTimeUnit,
  ConflictResolutionStrategy,
  DataType,
  DependenciesLogicOperator,
  EmailStatusActionRecipients,
  EvaluatorOperator,
  ExperimentSafetyDecision,
  ExperimentSource,
  ExperimentStatus,
  FeatureId,
  FeatureUpdateAction,
  FeedbackStatus,
  FieldConditionType,
  NumberValueConstraint,
  OrderDirection,
  PageName,
  PredefinedMessageKey,
  ProposalEndStatus,
  ProposalPublicStatus,
  QuestionComparisonStatus,
  ReviewerFilter,
  ReviewStatus,
  SafetyStatus,
  SettingsId,
  ShipmentStatus,
  StatusActionType,
  TechnicalReviewStatus,
  TemplateCategoryId,
  TemplateGroupId,
  UserRole: Role,
  VisitRegistrationStatus,
  WorkflowType,
} as const satisfies Readonly<Record<string, Readonly<Record<string, string>>>>;

/** GraphQL type name of a registered enum. */
export type GraphqlEnumName = keyof typeof GRAPHQL_ENUMS;
