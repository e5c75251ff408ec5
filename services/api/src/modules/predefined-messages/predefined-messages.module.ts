import { Module } from '@nestjs/common';
import { CreatePredefinedMessageResolver } from './commands/create-predefined-message/create-predefined-message.resolver';
import { ExecutePredefinedMessageCommandHandler } from './commands/execute-predefined-message-command';
import { DeletePredefinedMessageResolver } from './commands/delete-predefined-message/delete-predefined-message.resolver';
import { UpdatePredefinedMessageResolver } from './commands/update-predefined-message/update-predefined-message.resolver';
import { GetPredefinedMessagesResolver } from './read-models/predefined-messages/get-predefined-messages.resolver';
import { PredefinedMessagesProjection } from './read-models/predefined-messages/predefined-messages.projection';
import { PredefinedMessagesRepository } from './read-models/predefined-messages/predefined-messages.repository';

/** Predefined messages (§3, §7): officers keep them; those who write to applicants pick from them. */
@Module({
  providers: [
    PredefinedMessagesProjection,
    PredefinedMessagesRepository,
    GetPredefinedMessagesResolver,
    ExecutePredefinedMessageCommandHandler,
    CreatePredefinedMessageResolver,
    UpdatePredefinedMessageResolver,
    DeletePredefinedMessageResolver,
  ],
})
export class PredefinedMessagesModule {}
