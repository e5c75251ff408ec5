import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createInternalReviewSchema, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { validateInput } from '../../../../platform/validation/validate-input';
import { internalReviewNotFound } from '../../domain/internal-review.errors';
import { InternalReviewsService } from '../../internal-reviews.service';
import { InternalReviewModel } from '../../read-models/internal-reviews/internal-review.model';
import { InternalReviewsRepository } from '../../read-models/internal-reviews/internal-reviews.repository';
import { ExecuteInternalReviewCommand } from '../execute-internal-review-command';
import { CreateInternalReviewInput } from './create-internal-review.input';

@Resolver()
export class CreateInternalReviewResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly service: InternalReviewsService,
    private readonly repository: InternalReviewsRepository,
  ) {}

  @Mutation(() => InternalReviewModel, {
    description:
      'Creates an internal review of a technical review for an internal reviewer (officers); returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async createInternalReview(
    @Args('input') input: CreateInternalReviewInput,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<InternalReviewModel> {
    const valid = await validateInput(createInternalReviewSchema, input);
    const fields = await this.service.commandFields(valid, caller);
    const id = await this.ids.next('internal_review_id_seq');
    await this.commands.execute(
      new ExecuteInternalReviewCommand({ type: 'CreateInternalReview', id, ...fields }),
    );
    const saved = await this.repository.get(id);
    if (!saved) throw internalReviewNotFound();
    return this.service.view(caller, saved);
  }
}
