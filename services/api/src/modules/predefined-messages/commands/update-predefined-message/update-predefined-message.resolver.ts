import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updatePredefinedMessageSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { predefinedMessageNotFound } from '../../domain/predefined-message.errors';
import { PredefinedMessageModel } from '../../read-models/predefined-messages/predefined-message.model';
import { PREDEFINED_MESSAGES_PROJECTION } from '../../read-models/predefined-messages/predefined-messages.projection';
import { PredefinedMessagesRepository } from '../../read-models/predefined-messages/predefined-messages.repository';
import { UpdatePredefinedMessageCommand } from './update-predefined-message.command';
import { UpdatePredefinedMessageInput } from './update-predefined-message.input';

@Resolver()
export class UpdatePredefinedMessageResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
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
    const { position } = await this.commands.execute(
      new UpdatePredefinedMessageCommand(valid.id, valid.title, valid.message, valid.key),
    );
    if (position !== null) await this.projections.waitFor(position, [PREDEFINED_MESSAGES_PROJECTION]);
    const saved = await this.repository.get(valid.id);
    if (!saved) throw predefinedMessageNotFound();
    return saved;
  }
}
