import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deletePredefinedMessageSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { predefinedMessageNotFound } from '../../domain/predefined-message.errors';
import { PredefinedMessageModel } from '../../read-models/predefined-messages/predefined-message.model';
import { PredefinedMessagesRepository } from '../../read-models/predefined-messages/predefined-messages.repository';
import { ExecutePredefinedMessageCommand } from '../execute-predefined-message-command';
import { DeletePredefinedMessageInput } from './delete-predefined-message.input';

@Resolver()
export class DeletePredefinedMessageResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: PredefinedMessagesRepository,
  ) {}

  @Mutation(() => PredefinedMessageModel, {
    description: 'Deletes a predefined message; returns it as it was, with who deleted it and when',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deletePredefinedMessage(
    @Args('input') input: DeletePredefinedMessageInput,
  ): Promise<PredefinedMessageModel> {
    const valid = await validateInput(deletePredefinedMessageSchema, input);
    await this.commands.execute(
      new ExecutePredefinedMessageCommand({ type: 'DeletePredefinedMessage', id: valid.id }),
    );
    const saved = await this.repository.get(valid.id, { includeDeleted: true });
    if (!saved) throw predefinedMessageNotFound();
    return saved;
  }
}
