import { DataType } from '@user-office/contracts';
import type { QuestionInput } from '../types';
import { BooleanInput } from './BooleanInput';
import { DateInput } from './DateInput';
import { DynamicMultipleChoiceInput } from './DynamicMultipleChoiceInput';
import { EmbellishmentInput } from './EmbellishmentInput';
import { FileUploadInput } from './FileUploadInput';
import { InstrumentPickerInput } from './InstrumentPickerInput';
import { IntervalInput } from './IntervalInput';
import { NumberInput } from './NumberInput';
import { RichTextInput } from './RichTextInput';
import { SelectionFromOptionsInput } from './SelectionFromOptionsInput';
import { TechniquePickerInput } from './TechniquePickerInput';
import { TextInput } from './TextInput';

/**
 * The input of each answerable, non-basis question type (GENERIC_TEMPLATE and SAMPLE_DECLARATION are composed
 * elsewhere). Each reads and writes its value in the surrounding formik form under `name`, in the value shape the
 * contracts' question-type registry validates.
 */
export const questionInputs: Partial<Record<DataType, QuestionInput>> = {
  [DataType.TEXT_INPUT]: TextInput,
  [DataType.NUMBER_INPUT]: NumberInput,
  [DataType.INTERVAL]: IntervalInput,
  [DataType.DATE]: DateInput,
  [DataType.BOOLEAN]: BooleanInput,
  [DataType.SELECTION_FROM_OPTIONS]: SelectionFromOptionsInput,
  [DataType.DYNAMIC_MULTIPLE_CHOICE]: DynamicMultipleChoiceInput,
  [DataType.RICH_TEXT_INPUT]: RichTextInput,
  [DataType.EMBELLISHMENT]: EmbellishmentInput,
  [DataType.FILE_UPLOAD]: FileUploadInput,
  [DataType.INSTRUMENT_PICKER]: InstrumentPickerInput,
  [DataType.TECHNIQUE_PICKER]: TechniquePickerInput,
};

export { sanitizeHtml } from './SafeHtml';
