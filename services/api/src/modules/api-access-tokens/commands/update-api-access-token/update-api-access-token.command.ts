import { Command } from '@nestjs/cqrs';
import type { AccessPermissions } from '@user-office/contracts';

export class UpdateApiAccessTokenCommand extends Command<{ position: number | null }> {
  constructor(
    readonly accessTokenId: number,
    readonly name: string,
    readonly accessPermissions: AccessPermissions,
  ) {
    super();
  }
}
