import { number, object, string, type InferType } from 'yup';

import { PredefinedMessageKey } from '../enums';
import { predefinedMessageMessages } from './messages';

/** Identifiers and keys of predefined messages; not quoted in the spec. */
export const predefinedMessageIdMessages = {
  idRequired: 'Predefined message is required',
  unknownKey: (key: string): string =>
    `Unknown key: ${key} (expected ${Object.values(PredefinedMessageKey).join(', ')})`,
} as const;

const title = () => string().trim().required(predefinedMessageMessages.titleRequired);
const message = () => string().trim().required(predefinedMessageMessages.messageRequired);

/** A key; null or absent becomes `fallback` (general on create, the current key on update). */
const key = () =>
  string<PredefinedMessageKey>()
    .transform((value: unknown) => value ?? undefined)
    .oneOf(Object.values(PredefinedMessageKey), ({ value }: { value: unknown }) =>
      predefinedMessageIdMessages.unknownKey(String(value)),
    );

const id = () =>
  number().required(predefinedMessageIdMessages.idRequired).integer(predefinedMessageIdMessages.idRequired);

/** Input of `createPredefinedMessage`: title and message required (trimmed), key general by default. */
export const createPredefinedMessageSchema = object({
  title: title(),
  message: message(),
  key: key().default(PredefinedMessageKey.general),
});

export type CreatePredefinedMessageInput = InferType<typeof createPredefinedMessageSchema>;

/** Input of `updatePredefinedMessage`: as create, with the id; an absent key keeps the current one. */
export const updatePredefinedMessageSchema = object({
  id: id(),
  title: title(),
  message: message(),
  key: key().optional(),
});

export type UpdatePredefinedMessageInput = InferType<typeof updatePredefinedMessageSchema>;

/** Input of `deletePredefinedMessage`. */
export const deletePredefinedMessageSchema = object({
  id: id(),
});

export type DeletePredefinedMessageInput = InferType<typeof deletePredefinedMessageSchema>;

/** Filter of `getPredefinedMessages`: the key, general when absent. */
export const predefinedMessagesFilterSchema = object({
  key: key().default(PredefinedMessageKey.general),
});

export type PredefinedMessagesFilterInput = InferType<typeof predefinedMessagesFilterSchema>;
