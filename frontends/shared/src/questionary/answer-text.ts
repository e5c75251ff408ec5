import { DataType, QUESTION_TYPES } from '@user-office/contracts';
import type { QuestionaryField } from './types';

export interface AnswerTextHelpers {
  t(key: string, options?: Record<string, unknown>): string;
  date(iso: string): string;
  dateTime(iso: string): string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  return value === null || value === undefined || value === '' ? [] : [value];
}

function unitSymbol(unit: unknown): string {
  if (!isRecord(unit)) return '';
  const symbol = unit.symbol ?? unit.unit;
  return typeof symbol === 'string' && symbol ? ` ${symbol}` : '';
}

function named(options: unknown, id: unknown): string {
  if (Array.isArray(options)) {
    const found = (options as unknown[]).find((o) => isRecord(o) && o.id === id);
    if (isRecord(found) && typeof found.name === 'string') return found.name;
  }
  return String(id);
}

function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether the field is answered (embellishments and basis questions never are: they are shown otherwise). */
export function isAnsweredField(field: QuestionaryField): boolean {
  const definition = QUESTION_TYPES[field.question.dataType];
  if (!definition || !definition.hasValue || definition.isBasis) return false;
  return definition.isAnswered(field.value);
}

/** The answer as text for the review step's summary. */
export function answerText(field: QuestionaryField, h: AnswerTextHelpers): string {
  const value = field.value;
  const config = field.config;
  switch (field.question.dataType) {
    case DataType.BOOLEAN:
      return value === true ? h.t('proposals.review.yes') : h.t('proposals.review.no');
    case DataType.DATE:
      return typeof value === 'string' ? (config.includeTime ? h.dateTime(value) : h.date(value)) : '';
    case DataType.NUMBER_INPUT:
      return isRecord(value) ? `${String(value.value)}${unitSymbol(value.unit)}` : String(value);
    case DataType.INTERVAL:
      return isRecord(value) ? `${String(value.min)} – ${String(value.max)}${unitSymbol(value.unit)}` : '';
    case DataType.RICH_TEXT_INPUT:
      return typeof value === 'string' ? stripHtml(value) : '';
    case DataType.FILE_UPLOAD: {
      const files = list(value);
      const captions = files
        .map((f) => (isRecord(f) && typeof f.caption === 'string' ? f.caption : ''))
        .filter(Boolean);
      const count = h.t('proposals.review.files', { count: files.length });
      return captions.length ? `${count}: ${captions.join(', ')}` : count;
    }
    case DataType.INSTRUMENT_PICKER:
      return list(value)
        .filter(isRecord)
        .map((pick) => {
          const name = named(config.instruments, pick.instrumentId);
          return typeof pick.timeRequested === 'number' ? `${name} (${pick.timeRequested})` : name;
        })
        .join(', ');
    case DataType.TECHNIQUE_PICKER:
      return list(value)
        .map((id) => named(config.techniques, id))
        .join(', ');
    case DataType.GENERIC_TEMPLATE:
    case DataType.SAMPLE_DECLARATION:
      return h.t('proposals.review.items', { count: list(value).length });
    case DataType.SELECTION_FROM_OPTIONS:
    case DataType.DYNAMIC_MULTIPLE_CHOICE:
      return list(value).map(String).join(', ');
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return JSON.stringify(value);
  }
}
