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
  /**
   * The instruments offered; when empty, those of the proposal's call (`context.offeredInstruments`, given by the
   * api; any id when it is absent).
   */
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
  answerSchema: (config, context) =>
    mixed<InstrumentPickerAnswerValue>()
      .nullable()
      .test('instrument', function (answer) {
        const instrumentId: unknown = answer?.instrumentId;
        if (instrumentId == null) {
          return config.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
        }
        const offered =
          config.instruments.length > 0
            ? config.instruments.map((instrument) => instrument.id)
            : context?.offeredInstruments;
        if (!isFiniteNumber(instrumentId) || (offered !== undefined && !offered.includes(instrumentId))) {
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
