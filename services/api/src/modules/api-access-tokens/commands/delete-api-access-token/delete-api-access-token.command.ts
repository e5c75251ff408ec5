import { Command } from '@nestjs/cqrs';

export class DeleteApiAccessTokenCommand extends Command<{ position: number | null }> {
  constructor(readonly accessTokenId: number) {
    super();
  }
}
