import { boolean, mixed, number, object, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';

export interface RichTextInputConfig extends CommonQuestionConfig {
  max: number | null;
  allowImages: boolean;
}

const entities: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The text of an HTML fragment: tags removed, common entities decoded (what the character counter counts). */
export function richTextPlainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** Whether an HTML fragment contains an image. */
export function richTextHasImage(html: string): boolean {
  return /<img\b/i.test(html);
}

/** Whether an HTML fragment has three or more consecutive line breaks (the "extra blank lines" notice of §5). */
export function richTextHasExtraBlankLines(html: string): boolean {
  return /(?:(?:<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>\s*){2,})|(?:(?:<br\s*\/?>\s*){3,})|\n{3,}/i.test(html);
}

const configSchema: ObjectSchema<RichTextInputConfig> = object({
  ...commonConfigShape,
  max: number().nullable().defined().integer().min(1, questionTypeMessages.configMaxAtLeastOne),
  allowImages: boolean().defined(),
});

/** An HTML answer; its length is measured on the text without tags; images only when allowImages. */
export const richTextInputQuestionType = defineQuestionType<RichTextInputConfig, string>({
  dataType: DataType.RICH_TEXT_INPUT,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({ ...defaultCommonConfig(), max: null, allowImages: false }),
  configSchema,
  emptyValue: () => '',
  answerSchema: (config) =>
    mixed<string>()
      .nullable()
      .test(
        'string',
        questionTypeMessages.requiredField,
        (value) => value == null || typeof value === 'string',
      )
      .test(
        'required',
        questionTypeMessages.requiredField,
        (value) =>
          !config.required ||
          (typeof value === 'string' && (richTextPlainText(value).trim() !== '' || richTextHasImage(value))),
      )
      .test(
        'max',
        questionTypeMessages.textMax(config.max ?? 0),
        (value) =>
          config.max == null || typeof value !== 'string' || richTextPlainText(value).length <= config.max,
      )
      .test(
        'images',
        questionTypeMessages.imagesNotAllowed,
        (value) => config.allowImages || typeof value !== 'string' || !richTextHasImage(value),
      ),
  isAnswered: (value) =>
    typeof value === 'string' && (richTextPlainText(value).trim() !== '' || richTextHasImage(value)),
  dependencyValue: () => null,
});
