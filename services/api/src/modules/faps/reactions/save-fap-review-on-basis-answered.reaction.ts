import { Injectable, Logger } from '@nestjs/common';
import {
  basisQuestionId,
  DataType,
  TOPIC_ANSWERED,
  type FapReviewBasisValue,
  type TopicAnsweredData,
} from '@user-office/contracts';
import { RequestContext } from '../../../platform/context/request-context';
import { AppError } from '../../../platform/errors/app-error';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { FapsService } from '../faps.service';
import { FapsRepository } from '../read-models/faps/faps.repository';

const BASIS = basisQuestionId(DataType.FAP_REVIEW_BASIS);

/**
 * The FAP review template's basis question (FAP_REVIEW_BASIS, value `{ grade, comment }`) is the review itself:
 * answered in the review's questionary, it saves grade and comment on the review with updateReview's rules (the
 * §5 grade and comment checks, GRADE_PRECISION, sanitising). Who may answer was decided when the answer was taken
 * (the module's questionary owner: the reviewer while DRAFT, the panel's chair and secretary, officers); an answer
 * the rules refuse is logged and leaves the review as it was.
 */
@Injectable()
@RegisterProjection()
export class SaveFapReviewOnBasisAnsweredReaction implements Projection {
  readonly name = 'save_fap_review_on_basis_answered';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [TOPIC_ANSWERED];
  readonly tables = [];
  private readonly logger = new Logger('FapReviewBasis');

  constructor(
    private readonly repository: FapsRepository,
    private readonly service: FapsService,
  ) {}

  async apply(_tx: unknown, event: StoredEvent): Promise<void> {
    const d = event.data as TopicAnsweredData;
    const answer = d.answers.find((a) => a.questionId === BASIS);
    if (!answer) return;
    const review = await this.repository.reviewByQuestionary(d.questionaryId);
    if (!review) return;
    const value = (answer.value ?? {}) as Partial<FapReviewBasisValue>;
    const actorId = event.metadata.actorId ?? 0;
    await RequestContext.run({ actorId }, async () => {
      try {
        await this.service.saveReviewAs(
          { id: actorId, isOfficer: true, staffOfFapIds: [] },
          review,
          value.grade ?? null,
          value.comment ?? null,
          review.status,
        );
      } catch (error) {
        if (error instanceof AppError) {
          this.logger.warn(`FAP review ${review.id} not saved from its questionary: ${error.message}`);
          return;
        }
        throw error;
      }
    });
  }
}
