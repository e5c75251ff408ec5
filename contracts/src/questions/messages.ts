import { questionMessages, visitMessages } from '../validation/messages';

/**
 * Messages of the question-type registry. The spec's quoted texts are taken from `questionMessages`
 * (validation/messages.ts); every text defined here is not quoted in the spec and is worded like its neighbours.
 */
export const questionTypeMessages = {
  requiredField: questionMessages.requiredField,
  textMin: (n: number): string => `Value must be at least ${n} characters`,
  textMax: (n: number): string => `Value must be at most ${n} characters`,
  configMinAboveMax: 'Min must be less than or equal to Max',
  configMaxAtLeastOne: 'Value must be greater than or equal to 1',
  numberInvalid: 'Value must be a number',
  onlyPositive: 'Value must be a positive number',
  onlyPositiveInteger: 'Value must be a positive whole number',
  onlyNegative: 'Value must be a negative number',
  onlyNegativeInteger: 'Value must be a negative whole number',
  unitRequired: 'Please choose a unit',
  unitNotOffered: 'Please choose one of the offered units',
  intervalMinAboveMax: 'Min must be less than or equal to Max',
  invalidDate: visitMessages.invalidDate,
  dateBeforeMin: (min: string): string => `Date must be on or after ${min}`,
  dateAfterMax: (max: string): string => `Date must be on or before ${max}`,
  optionNotOffered: 'Please choose one of the offered options',
  singleSelection: 'Please choose only one option',
  filesAtMost: (n: number): string => `You can upload at most ${n} file(s)`,
  imagesNotAllowed: 'Images are not allowed',
  samplesAtLeast: (n: number): string => `Please add at least ${n} sample(s)`,
  samplesAtMost: (n: number): string => `Please add at most ${n} sample(s)`,
  samplesIncomplete: 'All samples must be completed',
  timeRequestedRequired: 'Please specify the time requested',
  timeRequestedNotNegative: 'Value must be greater than or equal to 0',
  minEntriesAboveMaxEntries: 'Min entries must be less than or equal to max entries',
  naturalKeyMax: 'Key must be at most 128 characters',
  selfDependency: 'A question cannot depend on itself',
  circularDependency: 'This would create a circular dependency',
  cannotBeDependedOn: (dataType: string): string => `Questions of type ${dataType} cannot be depended on`,
  unknownDependency: 'The question depended on does not exist',
} as const;
