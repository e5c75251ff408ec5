/**
 * User-visible validation messages. Texts quoted in the spec (§5) are reproduced exactly, quirks included
 * (the proposal title maximum says "abstract", "Please enter a email", "genericTemplate(s)").
 * Where the spec names a rule without quoting a text, the text is marked "not quoted in the spec".
 */

export const proposalMessages = {
  titleRequired: 'Proposal Title is required',
  /** Sic: the spec's title maximum message says "abstract". */
  titleMax: 'Please make abstract at most 175 characters long',
  abstractRequired: 'Proposal Abstract is required',
  abstractMax: 'Please make abstract at most 1500 characters long',
  nonPrintableRemoved: 'Non-printable characters have been removed from your input.',
  printableAsciiOnly: 'Only printable ASCII characters are allowed.',
  proposerRequired: 'Please specify principal investigator',
  mustBePartOfProposal:
    'You must be part of the proposal. Either add yourself as Principal Investigator or a Co-Proposer!',
  statusRequired: 'You must select proposal status',
  scientistCommentRequired: 'Comment is required',
  activeCallRequired: 'You must select active call',
  /** §8: administration (time allocations) needs an instrument assigned to the proposal. */
  instrumentRequiredForAdministration: 'Proposal has to be assigned to an instrument for administration',
} as const;

export const userMessages = {
  noUserForEmail: 'No user found for the given email',
  alreadyAdded: 'User has already been added',
  alreadyAddedUseFilter: 'User has already been added, possibly use filter instead',
  /** Sic: "a email". */
  enterEmail: 'Please enter a email',
  couldNotAddToProposal: 'Could not add user to Proposal',
  alreadyOnProposal: 'User is already on the proposal',
  alreadySelected: 'User is already selected',
} as const;

export const questionMessages = {
  naturalKeyPattern: 'You can use letters, numbers and underscore',
  requiredField: 'This is a required field',
  naturalKeyEmpty: 'Please specify key',
  naturalKeyUsed: 'This key is already used',
  questionRequired: 'Question is required',
  questionMax: 'There is a 256 max character limit',
  validUrl: 'Provide a valid URL that includes the HTTP or HTTPS protocol',
  variantRequired: 'Variant is required',
  contentRequired: 'Content is required',
  plainDescriptionRequired: 'Plain description is required',
  defaultAfterMin: 'Default should be after "Min" date',
  /** Not quoted in the spec; worded like `defaultAfterMin`. */
  defaultBeforeMax: 'Default should be before "Max" date',
  /** Not quoted in the spec; worded like `defaultAfterMin`. */
  minBeforeMax: 'Min should be before "Max" date',
  fileTypeRequired: 'File type is required',
  valueAtLeastZero: 'Value must be greater than or equal to 0',
  templateRequired: 'Template is required',
  genericTemplatesAtLeast: (n: number): string => `Please add at least ${n} genericTemplate(s)`,
  genericTemplatesAtMost: (n: number): string => `Please add at most ${n} genericTemplate(s)`,
  genericTemplatesIncomplete: 'All genericTemplates must be completed',
  experimentSafetyIncomplete: 'All experiment safety inputs must be completed',
  extraBlankLinesRemoved:
    'Extra blank lines between paragraphs will be removed to comply with formatting standards.',
} as const;

export const unitMessages = {
  idRequired: 'Id is required',
  nameRequired: 'Name is required',
  quantityRequired: 'Quantity is required',
  symbolRequired: 'Symbol is required',
  conversionFormulaRequired: 'Conversion formula is required',
} as const;

export const reviewMessages = {
  commentRequired: 'Comment is required',
  commentMax: 'Comment must be at most 6000 characters',
  gradeMin: 'Lowest grade is 1',
  gradeMax: 'Highest grade is 10',
} as const;

export const technicalReviewMessages = {
  statusRequired: 'Status is required',
  timeAllocationMin: 'Must be greater than or equal to 0',
  timeAllocationMax: 'Must be less than or equal to 100000',
  /** The spec quotes only the public comment's text; the comment's follows the panel review's. */
  commentMax: 'Comment must be at most 6000 characters',
  publicCommentMax: 'Public comment must be at most 6000 characters',
  noInternalReviewersFound: 'No Internal Reviewers found with that surname',
} as const;

export const shipmentMessages = {
  titleRequired: 'Title is required',
  titleMax: 'Please make title at most 150 characters long',
  proposalRequired: 'Proposal is required',
} as const;

/** Proposal ESI and sample ESI: proposalPk at least 1. */
export const esiMessages = {
  proposalRequired: 'Proposal is required',
} as const;

export const visitMessages = {
  proposalRequired: 'Proposal is required',
  invalidDate: 'Invalid date',
  startRequired: 'Visit start date is required',
  startInPast: 'Visit start date can not be in the past',
  endRequired: 'Visit end date is required',
  endBeforeStart: "End date can't be before Start date",
  visitorsRequired: 'Please add visitors',
  teamLeadRequired: 'Please select the team lead',
  teamLeadMustBeVisitor: 'Team lead must be one of the visitors',
} as const;

/** The spec requires title and message without quoting texts; these follow the spec's "X is required". */
export const predefinedMessageMessages = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
} as const;

export const uploadMessages = {
  zeroBytes: 'File size is 0 bytes',
  incorrectFileType: 'Incorrect file type',
} as const;

/** Settings and features (administration); not quoted in the spec. Each text names the setting. */
export const settingsMessages = {
  settingRequired: 'Setting is required',
  unknownSetting: (id: string): string => `Unknown setting: ${id}`,
  valueRequired: 'Setting value is required',
  notEmpty: (id: string): string => `${id} must not be empty`,
  valueTooLong: (id: string, max: number): string => `${id} must be at most ${max} characters long`,
  descriptionTooLong: (max: number): string => `The description must be at most ${max} characters long`,
  positiveInteger: (id: string): string => `${id} must be a whole number greater than 0`,
  positiveNumber: (id: string): string => `${id} must be a number greater than 0`,
  nonNegativeInteger: (id: string): string => `${id} must be a whole number, 0 or more`,
  trueOrFalse: (id: string): string => `${id} must be "true" or "false"`,
  hexColour: (id: string): string => `${id} must be a hex colour such as #1f5f8b`,
  timezone: (id: string): string => `${id} must be an IANA time zone such as UTC or Europe/Stockholm`,
  email: (id: string): string => `${id} must be an e-mail address or empty`,
  url: (id: string): string => `${id} must be an http(s) URL or empty`,
  fileName: (id: string): string => `${id} must be a file name (letters, digits, ".", "-", "_") or empty`,
  oneOf: (id: string, allowed: readonly string[]): string => `${id} must be one of ${allowed.join(', ')}`,
  featuresRequired: 'Select at least one feature',
  unknownFeature: (id: string): string => `Unknown feature: ${id}`,
  actionRequired: 'Action is required',
  unknownAction: (action: string): string => `Unknown action: ${action} (expected ENABLE or DISABLE)`,
} as const;
