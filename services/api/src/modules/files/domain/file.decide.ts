import { FILE_UPLOADED, fileUploadedEvent, type FileUploadedData } from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { conflict } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';

/** One `file-<fileId>` stream: empty until the file is uploaded; a file's metadata never changes. */
export interface FileState {
  uploaded: boolean;
}

export const initialFileState: FileState = { uploaded: false };

/** The input is already checked (a fresh UUID, a cleaned name, the detected type, a size above 0). */
export type FileCommand = { type: 'UploadFile' } & FileUploadedData;

export const fileAlreadyUploaded = () => conflict('This file id is already in use');

export function evolveFile(state: FileState, event: { type: string; data: unknown }): FileState {
  return event.type === FILE_UPLOADED ? { uploaded: true } : state;
}

/** Pure: the events a file command leads to; throws the rule broken. */
export function decideFile(command: FileCommand, state: FileState): NewEvent[] {
  switch (command.type) {
    case 'UploadFile': {
      if (state.uploaded) throw fileAlreadyUploaded();
      const { fileId, originalFileName, mimeType, sizeInBytes, uploadedBy } = command;
      return [fileUploadedEvent.create({ fileId, originalFileName, mimeType, sizeInBytes, uploadedBy })];
    }
  }
}

export const fileDecider: Decider<FileState, FileCommand> = {
  initialState: initialFileState,
  evolve: evolveFile,
  decide: decideFile,
};
