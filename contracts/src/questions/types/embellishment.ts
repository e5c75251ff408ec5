import { boolean, mixed, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionMessages } from '../../validation/messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';

export interface EmbellishmentConfig extends CommonQuestionConfig {
  html: string;
  plain: string;
  omitFromPdf: boolean;
}

const configSchema: ObjectSchema<EmbellishmentConfig> = object({
  ...commonConfigShape,
  html: string().trim().required(questionMessages.contentRequired),
  plain: string().trim().required(questionMessages.plainDescriptionRequired),
  omitFromPdf: boolean().defined(),
});

/** Content shown in the questionary (and the PDF unless omitFromPdf); it has no answer. */
export const embellishmentQuestionType = defineQuestionType<EmbellishmentConfig, null>({
  dataType: DataType.EMBELLISHMENT,
  isBasis: false,
  hasValue: false,
  canBeDependedOn: false,
  defaultConfig: () => ({ ...defaultCommonConfig(), html: '', plain: '', omitFromPdf: false }),
  configSchema,
  emptyValue: () => null,
  answerSchema: () => mixed().nullable(),
  isAnswered: () => true,
  dependencyValue: () => null,
});
