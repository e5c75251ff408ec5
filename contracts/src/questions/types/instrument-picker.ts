import { array, boolean, mixed, number, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionMessages } from '../../validation/messages';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isFiniteNumber,
  type CommonQuestionConfig,
} from '../question-type';
import { selectionVariants, type SelectionVariant } from './selection';

export interface InstrumentOption {
  id: number;
  name: string;
}

export interface InstrumentPickerConfig extends CommonQuestionConfig {
  requestTime: boolean;
  variant: SelectionVariant;
  /** The instruments offered; when empty, any instrument id is accepted (the api checks it exists). */
  instruments: InstrumentOption[];
}

/** §3 "Instrument pick answer". */
export interface InstrumentPickerAnswerValue {
  instrumentId: number | null;
  timeRequested: number | null;
}

const configSchema: ObjectSchema<InstrumentPickerConfig> = object({
  ...commonConfigShape,
  requestTime: boolean().defined(),
  variant: mixed<SelectionVariant>()
    .oneOf(selectionVariants, questionMessages.variantRequired)
    .required(questionMessages.variantRequired),
  instruments: array(object({ id: number().defined(), name: string().defined() }).required()).defined(),
});

/** Picks one instrument, with the time requested when `requestTime`. */
export const instrumentPickerQuestionType = defineQuestionType<
  InstrumentPickerConfig,
  InstrumentPickerAnswerValue
>({
  dataType: DataType.INSTRUMENT_PICKER,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: true,
  defaultConfig: () => ({
    ...defaultCommonConfig(),
    requestTime: false,
    variant: 'dropdown',
    instruments: [],
  }),
  configSchema,
  emptyValue: () => ({ instrumentId: null, timeRequested: null }),
  answerSchema: (config) =>
    mixed<InstrumentPickerAnswerValue>()
      .nullable()
      .test('instrument', function (answer) {
        const instrumentId: unknown = answer?.instrumentId;
        if (instrumentId == null) {
          return config.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
        }
        if (
          !isFiniteNumber(instrumentId) ||
          (config.instruments.length > 0 &&
            !config.instruments.some((instrument) => instrument.id === instrumentId))
        ) {
          return this.createError({ message: questionTypeMessages.optionNotOffered });
        }
        const timeRequested: unknown = answer?.timeRequested;
        if (config.requestTime && timeRequested == null) {
          return this.createError({ message: questionTypeMessages.timeRequestedRequired });
        }
        if (timeRequested != null && (!isFiniteNumber(timeRequested) || timeRequested < 0)) {
          return this.createError({ message: questionTypeMessages.timeRequestedNotNegative });
        }
        return true;
      }),
  isAnswered: (value) => isFiniteNumber(value?.instrumentId),
  dependencyValue: (value) => (isFiniteNumber(value?.instrumentId) ? value.instrumentId : null),
});
