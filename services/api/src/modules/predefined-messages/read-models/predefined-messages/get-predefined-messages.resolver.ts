import { Args, Query, Resolver } from '@nestjs/graphql';
import { predefinedMessagesFilterSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PredefinedMessageModel } from './predefined-message.model';
import { PredefinedMessagesFilterInput } from './predefined-messages-filter.input';
import { PredefinedMessagesRepository } from './predefined-messages.repository';

/** The roles that write to applicants and pick predefined messages to do so. */
export const PREDEFINED_MESSAGE_READERS = [
  Role.USER_OFFICER,
  Role.INSTRUMENT_SCIENTIST,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
] as const;

@Resolver()
export class GetPredefinedMessagesResolver {
  constructor(private readonly repository: PredefinedMessagesRepository) {}

  @Query(() => [PredefinedMessageModel], {
    description: 'The predefined messages of a key (general when none is given), by title',
  })
  @RolesAllowed(...PREDEFINED_MESSAGE_READERS)
  async getPredefinedMessages(
    @Args('filter', { type: () => PredefinedMessagesFilterInput, nullable: true })
    filter: PredefinedMessagesFilterInput | null,
  ): Promise<PredefinedMessageModel[]> {
    const valid = await validateInput(predefinedMessagesFilterSchema, filter ?? {});
    return this.repository.list(valid.key);
  }
}
