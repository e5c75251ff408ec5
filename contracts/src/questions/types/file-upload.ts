import { array, mixed, number, object, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { fileUploadTypes } from '../../validation/common';
import { questionMessages } from '../../validation/messages';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';

export type FileUploadType = (typeof fileUploadTypes)[number];

export interface FileUploadConfig extends CommonQuestionConfig {
  file_type: FileUploadType[];
  /** 0 means unlimited. */
  max_files: number;
  /** 0 means unlimited; only meaningful when '.pdf' is allowed. */
  pdf_page_limit: number;
}

/** §3 "File answer item". */
export interface FileAnswerItem {
  id: string;
  caption?: string | null;
  figure?: string | null;
}

const configSchema: ObjectSchema<FileUploadConfig> = object({
  ...commonConfigShape,
  file_type: array(mixed<FileUploadType>().oneOf(fileUploadTypes).defined())
    .defined()
    .min(1, questionMessages.fileTypeRequired),
  max_files: number().defined().integer().min(0, questionMessages.valueAtLeastZero),
  pdf_page_limit: number().defined().integer().min(0, questionMessages.valueAtLeastZero),
});

/** Uploaded files (ids of stored files, with an optional caption / figure). */
export const fileUploadQuestionType = defineQuestionType<FileUploadConfig, FileAnswerItem[]>({
  dataType: DataType.FILE_UPLOAD,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({ ...defaultCommonConfig(), file_type: [], max_files: 0, pdf_page_limit: 0 }),
  configSchema,
  emptyValue: () => [],
  answerSchema: (config) =>
    mixed<FileAnswerItem[]>()
      .nullable()
      .test('files', function (value) {
        const files: unknown[] = Array.isArray(value) ? value : [];
        if (files.length === 0) {
          return config.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
        }
        if (files.some((file) => typeof (file as Partial<FileAnswerItem> | null)?.id !== 'string')) {
          return this.createError({ message: questionTypeMessages.requiredField });
        }
        if (config.max_files > 0 && files.length > config.max_files) {
          return this.createError({ message: questionTypeMessages.filesAtMost(config.max_files) });
        }
        return true;
      }),
  isAnswered: (value) => Array.isArray(value) && value.length > 0,
  dependencyValue: () => null,
});
