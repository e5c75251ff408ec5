import { Injectable } from '@nestjs/common';
import { fileMessages, Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden } from '../../platform/errors/app-error';
import type { FileRecord } from './read-models/files/files.repository';

/**
 * A module that refers to files (questionary answers, reviews, …) tells whether the caller may see one:
 * true lets the caller see it; false and undefined leave the decision to the other rules.
 */
export type FileAccessRule = (session: SessionUser, fileId: string) => Promise<boolean | undefined>;

/**
 * Who may see (download, read the metadata of) a file: officers, the uploader, and whoever a registered rule
 * lets see it. `caller` null is an API access token: the guard let it through because the token names the
 * operation (its permissions are per operation, whatever the record), so it sees every file.
 */
@Injectable()
export class FileAccessRules {
  private readonly rules: FileAccessRule[] = [];

  register(rule: FileAccessRule): void {
    this.rules.push(rule);
  }

  async mayRead(
    caller: SessionUser | null,
    file: Pick<FileRecord, 'fileId' | 'uploadedBy'>,
  ): Promise<boolean> {
    if (caller === null || caller.currentRole === Role.USER_OFFICER) return true;
    if (file.uploadedBy !== null && file.uploadedBy === caller.id) return true;
    for (const rule of this.rules) {
      if ((await rule(caller, file.fileId)) === true) return true;
    }
    return false;
  }

  async assertMayRead(
    caller: SessionUser | null,
    file: Pick<FileRecord, 'fileId' | 'uploadedBy'>,
  ): Promise<void> {
    if (!(await this.mayRead(caller, file))) throw forbidden(fileMessages.mayNotRead);
  }

  /** The files the caller may see, in the given order. */
  async readable<F extends Pick<FileRecord, 'fileId' | 'uploadedBy'>>(
    caller: SessionUser | null,
    files: readonly F[],
  ): Promise<F[]> {
    const visible: F[] = [];
    for (const file of files) if (await this.mayRead(caller, file)) visible.push(file);
    return visible;
  }
}
