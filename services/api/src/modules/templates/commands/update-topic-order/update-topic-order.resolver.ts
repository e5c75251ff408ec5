import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, templateMessages } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class UpdateTopicOrderResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => [Int], { description: 'Puts the topics of one template in this order (every topic once)' })
  @RolesAllowed(Role.USER_OFFICER)
  async updateTopicOrder(@Args('topicOrder', { type: () => [Int] }) topicOrder: number[]): Promise<number[]> {
    const topics = await this.repository.topicsByIds(topicOrder);
    const templateIds = new Set(topics.map((t) => t.templateId));
    if (topicOrder.length === 0 || topics.length !== new Set(topicOrder).size || templateIds.size !== 1)
      throw badInput(templateMessages.topicOrderMismatch);
    await this.templates.onTemplate(topics[0].templateId, { type: 'ReorderTopics', topicIds: topicOrder });
    return topicOrder;
  }
}
