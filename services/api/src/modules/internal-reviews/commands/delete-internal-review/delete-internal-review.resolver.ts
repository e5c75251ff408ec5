import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteInternalReviewSchema, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { internalReviewNotFound } from '../../domain/internal-review.errors';
import { internalReviewActor } from '../../internal-reviews.policy';
import { InternalReviewsService } from '../../internal-reviews.service';
import { InternalReviewModel } from '../../read-models/internal-reviews/internal-review.model';
import { InternalReviewsRepository } from '../../read-models/internal-reviews/internal-reviews.repository';
import { ExecuteInternalReviewCommand } from '../execute-internal-review-command';
import { DeleteInternalReviewInput } from './delete-internal-review.input';

@Resolver()
export class DeleteInternalReviewResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: InternalReviewsService,
    private readonly repository: InternalReviewsRepository,
  ) {}

  @Mutation(() => InternalReviewModel, {
    description: 'Deletes an internal review (officers); returns it as it was',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteInternalReview(
    @Args('input') input: DeleteInternalReviewInput,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<InternalReviewModel> {
    const valid = await validateInput(deleteInternalReviewSchema, input);
    await this.commands.execute(
      new ExecuteInternalReviewCommand({
        type: 'DeleteInternalReview',
        ...valid,
        actor: internalReviewActor(caller),
      }),
    );
    const saved = await this.repository.get(valid.id, { includeDeleted: true });
    if (!saved) throw internalReviewNotFound();
    return this.service.view(caller, saved);
  }
}
