import { institutionMessages } from '@user-office/contracts';
import { badInput, conflict, notFound } from '../../../platform/errors/app-error';

/** Update, delete or merge of an institution that does not exist, was deleted or was merged away. */
export const institutionNotFound = () => notFound(institutionMessages.notFound);

/** Another institution already has this name (any case); `field` is the input field that carries it. */
export const institutionNameTaken = (field: 'name' | 'newTitle') =>
  badInput(institutionMessages.nameTaken, { [field]: institutionMessages.nameTaken });

export const mergeIntoItself = () =>
  badInput(institutionMessages.mergeIntoItself, { institutionIdInto: institutionMessages.mergeIntoItself });

/** The id drawn for a new institution already has a stream (the sequence is behind the event store). */
export const institutionIdTaken = (id: number) =>
  conflict(`Institution id ${id} is already taken. Please try again.`);
