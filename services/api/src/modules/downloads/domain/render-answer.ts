import {
  DataType,
  questionType,
  richTextPlainText,
  selectedValues,
  type FileAnswerItem,
  type InstrumentOption,
  type InstrumentPickerAnswerValue,
  type IntervalAnswerValue,
  type NumberAnswerValue,
  type TechniqueOption,
  type Unit,
} from '@user-office/contracts';
import { formatDate } from './format-date';
import { escapeHtml, sanitizeRichText, textToHtml } from './safe-html';

/** What rendering an answer may need besides its value and config. */
export interface AnswerRenderContext {
  /** the DATE_FORMAT setting (date-fns tokens) */
  dateFormat: string;
  /** the DATE_TIME_FORMAT setting, for DATE questions with includeTime */
  dateTimeFormat: string;
  /** the TIMEZONE setting (IANA name) */
  timeZone: string;
  /** original names of the uploaded files, by file id */
  fileNames: ReadonlyMap<string, string>;
  /** the unit of an instrument pick's time requested (the call's allocationTimeUnit) */
  allocationTimeUnit?: string | null;
}

/** An answer as a reader sees it: plain text, and the same as HTML safe to insert unescaped. */
export interface RenderedAnswer {
  text: string;
  html: string;
}

const plain = (text: string): RenderedAnswer => ({ text, html: textToHtml(text) });
const lines = (items: readonly string[]): RenderedAnswer => ({
  text: items.join(', '),
  html: items.map(escapeHtml).join('<br />'),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A number as written, without float noise (0.1 + 0.2 shows as 0.3). */
function formatNumber(value: number): string {
  return String(Number.parseFloat(value.toPrecision(12)));
}

function unitLabel(unit: Unit | null | undefined): string {
  if (!isRecord(unit)) return '';
  return (typeof unit.symbol === 'string' && unit.symbol.trim()) || (unit.unit ?? '').trim();
}

const withUnit = (text: string, unit: Unit | null | undefined) =>
  unitLabel(unit) === '' ? text : `${text} ${unitLabel(unit)}`;

function nameOf(options: unknown, id: unknown, fallback: string): string {
  const list = Array.isArray(options) ? (options as (InstrumentOption | TechniqueOption)[]) : [];
  return list.find((option) => option?.id === id)?.name ?? `${fallback} ${String(id)}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Whether a value counts as answered in a PDF. A yes/no answer saved as "no" is shown (the registry's
 * `isAnswered` counts only "yes", which is what "required" means for a checkbox).
 */
export function isShownAnswer(dataType: DataType, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (dataType === DataType.BOOLEAN) return typeof value === 'boolean';
  const definition = questionType(dataType);
  return definition.hasValue && !definition.isBasis && definition.isAnswered(value);
}

/**
 * The one place where each data type's answer becomes readable (PDFs; later XLSX): yes/no, numbers and
 * intervals with their unit symbol, selections joined, dates in the DATE_FORMAT setting, rich text as
 * sanitised HTML, file uploads as file names, instruments and techniques by name, sub-templates and samples
 * as counts. Null for what has no answer to show (unanswered, embellishments, the *_BASIS entity itself).
 */
export function renderAnswer(
  dataType: DataType,
  config: Record<string, unknown>,
  value: unknown,
  context: AnswerRenderContext,
): RenderedAnswer | null {
  if (!isShownAnswer(dataType, value)) return null;
  switch (dataType) {
    case DataType.BOOLEAN:
      return plain(value === true ? 'Yes' : 'No');
    case DataType.TEXT_INPUT:
      return plain(String(value));
    case DataType.RICH_TEXT_INPUT: {
      const html = sanitizeRichText(String(value));
      return { text: richTextPlainText(html).trim(), html };
    }
    case DataType.DATE: {
      const pattern = config.includeTime === true ? context.dateTimeFormat : context.dateFormat;
      return plain(formatDate(String(value), pattern, context.timeZone));
    }
    case DataType.NUMBER_INPUT: {
      const answer = value as NumberAnswerValue;
      return plain(withUnit(formatNumber(answer.value as number), answer.unit));
    }
    case DataType.INTERVAL: {
      const answer = value as IntervalAnswerValue;
      const range = `${formatNumber(answer.min as number)} – ${formatNumber(answer.max as number)}`;
      return plain(withUnit(range, answer.unit));
    }
    case DataType.SELECTION_FROM_OPTIONS:
    case DataType.DYNAMIC_MULTIPLE_CHOICE:
      return plain(
        selectedValues(value as string[])
          .map(String)
          .join(', '),
      );
    case DataType.TECHNIQUE_PICKER:
      return plain(
        selectedValues(value as number[])
          .map((id) => nameOf(config.techniques, id, 'Technique'))
          .join(', '),
      );
    case DataType.INSTRUMENT_PICKER: {
      const answer = value as InstrumentPickerAnswerValue;
      const name = nameOf(config.instruments, answer.instrumentId, 'Instrument');
      if (!isNumber(answer.timeRequested)) return plain(name);
      const unit = context.allocationTimeUnit ? ` ${context.allocationTimeUnit.toLowerCase()}(s)` : '';
      return plain(`${name}, time requested: ${formatNumber(answer.timeRequested)}${unit}`);
    }
    case DataType.FILE_UPLOAD:
      return lines(
        (value as FileAnswerItem[]).map((file) => {
          const name = context.fileNames.get(file?.id) ?? 'missing file';
          return typeof file?.caption === 'string' && file.caption.trim() !== ''
            ? `${name} (${file.caption.trim()})`
            : name;
        }),
      );
    case DataType.GENERIC_TEMPLATE:
      return plain(plural((value as number[]).length, 'entry', 'entries'));
    case DataType.SAMPLE_DECLARATION:
      return plain(plural((value as number[]).length, 'sample', 'samples'));
    default:
      return null;
  }
}
