import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updatePredefinedMessageSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { predefinedMessageNotFound } from '../../domain/predefined-message.errors';
import { PredefinedMessageModel } from '../../read-models/predefined-messages/predefined-message.model';
import { PredefinedMessagesRepository } from '../../read-models/predefined-messages/predefined-messages.repository';
import { ExecutePredefinedMessageCommand } from '../execute-predefined-message-command';
import { UpdatePredefinedMessageInput } from './update-predefined-message.input';

@Resolver()
export class UpdatePredefinedMessageResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: PredefinedMessagesRepository,
  ) {}

  @Mutation(() => PredefinedMessageModel, {
    description: 'Changes the title, text and key of a predefined message; returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updatePredefinedMessage(
    @Args('input') input: UpdatePredefinedMessageInput,
  ): Promise<PredefinedMessageModel> {
    const valid = await validateInput(updatePredefinedMessageSchema, input);
    await this.commands.execute(
      new ExecutePredefinedMessageCommand({ type: 'UpdatePredefinedMessage', ...valid }),
    );
    const saved = await this.repository.get(valid.id);
    if (!saved) throw predefinedMessageNotFound();
    return saved;
  }
}
