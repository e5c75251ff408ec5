import { Args, Query, Resolver } from '@nestjs/graphql';
import { getFilesMetadataSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { FileAccessRules } from '../../files.policy';
import { toFileMetadata } from '../../files.service';
import { FileMetadataModel, FilesMetadataFilterInput } from './file-metadata.model';
import { FilesRepository } from './files.repository';

@Resolver()
export class GetFilesMetadataResolver {
  constructor(
    private readonly repository: FilesRepository,
    private readonly access: FileAccessRules,
  ) {}

  @Query(() => [FileMetadataModel], {
    description:
      'The metadata of files, in the order asked; unknown files and those the caller may not see are left out',
  })
  @Authenticated()
  async getFilesMetadata(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Args('filter', { type: () => FilesMetadataFilterInput }) filter: FilesMetadataFilterInput,
  ): Promise<FileMetadataModel[]> {
    const { fileIds } = await validateInput(getFilesMetadataSchema, filter);
    const files = await this.repository.byIds(fileIds);
    return (await this.access.readable(user, files)).map(toFileMetadata);
  }
}
