import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { updateInternalReviewSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { internalReviewNotFound } from '../../domain/internal-review.errors';
import { INTERNAL_REVIEW_UPDATERS } from '../../internal-reviews.policy';
import { InternalReviewsService } from '../../internal-reviews.service';
import { InternalReviewModel } from '../../read-models/internal-reviews/internal-review.model';
import { InternalReviewsRepository } from '../../read-models/internal-reviews/internal-reviews.repository';
import { ExecuteInternalReviewCommand } from '../execute-internal-review-command';
import { UpdateInternalReviewInput } from './update-internal-review.input';

@Resolver()
export class UpdateInternalReviewResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: InternalReviewsService,
    private readonly repository: InternalReviewsRepository,
  ) {}

  @Mutation(() => InternalReviewModel, {
    description:
      'Changes an internal review (officers; an internal reviewer their own, without changing the reviewer); returns it',
  })
  @RolesAllowed(...INTERNAL_REVIEW_UPDATERS)
  async updateInternalReview(
    @Args('input') input: UpdateInternalReviewInput,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<InternalReviewModel> {
    const valid = await validateInput(updateInternalReviewSchema, input);
    const fields = await this.service.commandFields(valid, caller);
    await this.commands.execute(
      new ExecuteInternalReviewCommand({ type: 'UpdateInternalReview', id: valid.id, ...fields }),
    );
    const saved = await this.repository.get(valid.id);
    if (!saved) throw internalReviewNotFound();
    return this.service.view(caller, saved);
  }
}
