import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createPredefinedMessageSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { predefinedMessageNotFound } from '../../domain/predefined-message.errors';
import { PredefinedMessageModel } from '../../read-models/predefined-messages/predefined-message.model';
import { PREDEFINED_MESSAGES_PROJECTION } from '../../read-models/predefined-messages/predefined-messages.projection';
import { PredefinedMessagesRepository } from '../../read-models/predefined-messages/predefined-messages.repository';
import { CreatePredefinedMessageCommand } from './create-predefined-message.command';
import { CreatePredefinedMessageInput } from './create-predefined-message.input';

@Resolver()
export class CreatePredefinedMessageResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: PredefinedMessagesRepository,
  ) {}

  @Mutation(() => PredefinedMessageModel, { description: 'Creates a predefined message; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async createPredefinedMessage(
    @Args('input') input: CreatePredefinedMessageInput,
  ): Promise<PredefinedMessageModel> {
    const valid = await validateInput(createPredefinedMessageSchema, input);
    const { id, position } = await this.commands.execute(
      new CreatePredefinedMessageCommand(valid.title, valid.message, valid.key),
    );
    if (position !== null) await this.projections.waitFor(position, [PREDEFINED_MESSAGES_PROJECTION]);
    const saved = await this.repository.get(id);
    if (!saved) throw predefinedMessageNotFound();
    return saved;
  }
}
