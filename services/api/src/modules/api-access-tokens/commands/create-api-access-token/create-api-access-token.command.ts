import { Command } from '@nestjs/cqrs';
import type { AccessPermissions } from '@user-office/contracts';

export interface CreateApiAccessTokenResult {
  id: number;
  /** the plain token: returned to the creator once, stored nowhere */
  accessToken: string;
  position: number;
}

export class CreateApiAccessTokenCommand extends Command<CreateApiAccessTokenResult> {
  constructor(
    readonly name: string,
    readonly accessPermissions: AccessPermissions,
  ) {
    super();
  }
}
