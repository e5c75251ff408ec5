import { mixed, object, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';

export type BooleanConfig = CommonQuestionConfig;

const configSchema: ObjectSchema<BooleanConfig> = object({ ...commonConfigShape });

/** A checkbox. A required boolean must be checked (§5). */
export const booleanQuestionType = defineQuestionType<BooleanConfig, boolean>({
  dataType: DataType.BOOLEAN,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: true,
  defaultConfig: defaultCommonConfig,
  configSchema,
  emptyValue: () => false,
  answerSchema: (config) =>
    mixed<boolean>()
      .nullable()
      .test(
        'boolean',
        questionTypeMessages.requiredField,
        (value) => value == null || typeof value === 'boolean',
      )
      .test('required', questionTypeMessages.requiredField, (value) => !config.required || value === true),
  isAnswered: (value) => value === true,
  dependencyValue: (value) => value === true,
});
