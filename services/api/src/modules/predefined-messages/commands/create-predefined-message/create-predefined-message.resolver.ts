import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createPredefinedMessageSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { validateInput } from '../../../../platform/validation/validate-input';
import { predefinedMessageNotFound } from '../../domain/predefined-message.errors';
import { PredefinedMessageModel } from '../../read-models/predefined-messages/predefined-message.model';
import { PredefinedMessagesRepository } from '../../read-models/predefined-messages/predefined-messages.repository';
import { ExecutePredefinedMessageCommand } from '../execute-predefined-message-command';
import { CreatePredefinedMessageInput } from './create-predefined-message.input';

@Resolver()
export class CreatePredefinedMessageResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: PredefinedMessagesRepository,
  ) {}

  @Mutation(() => PredefinedMessageModel, { description: 'Creates a predefined message; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async createPredefinedMessage(
    @Args('input') input: CreatePredefinedMessageInput,
  ): Promise<PredefinedMessageModel> {
    const valid = await validateInput(createPredefinedMessageSchema, input);
    const id = await this.ids.next('predefined_message_id_seq');
    await this.commands.execute(
      new ExecutePredefinedMessageCommand({ type: 'CreatePredefinedMessage', id, ...valid }),
    );
    const saved = await this.repository.get(id);
    if (!saved) throw predefinedMessageNotFound();
    return saved;
  }
}
