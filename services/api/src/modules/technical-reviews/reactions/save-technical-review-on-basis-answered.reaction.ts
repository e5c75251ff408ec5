import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  basisQuestionId,
  DataType,
  TOPIC_ANSWERED,
  type TechnicalReviewBasisValue,
  type TopicAnsweredData,
} from '@user-office/contracts';
import { RequestContext } from '../../../platform/context/request-context';
import { AppError } from '../../../platform/errors/app-error';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { ExecuteProposalAssessmentCommand } from '../commands/execute-proposal-assessment-command';
import { TechnicalReviewsRepository } from '../read-models/technical-reviews/technical-reviews.repository';
import { sanitiseComment } from '../technical-reviews.service';

const BASIS = basisQuestionId(DataType.TECHNICAL_REVIEW_BASIS);

/**
 * The technical review template's basis question (TECHNICAL_REVIEW_BASIS) is the review itself: when it is
 * answered in the review's questionary, the status, time allocation, comments and files are saved on the review.
 * Who may answer was decided when the answer was taken (the module's questionary owner: officers, the assignee
 * while not submitted, FAP chair/secretary when allowed), so the review is saved on their behalf here.
 */
@Injectable()
@RegisterProjection()
export class SaveTechnicalReviewOnBasisAnsweredReaction implements Projection {
  readonly name = 'save_technical_review_on_basis_answered';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [TOPIC_ANSWERED];
  readonly tables = [];
  private readonly logger = new Logger('TechnicalReviewBasis');

  constructor(
    private readonly commands: CommandBus,
    private readonly reviews: TechnicalReviewsRepository,
  ) {}

  async apply(_tx: unknown, event: StoredEvent): Promise<void> {
    const d = event.data as TopicAnsweredData;
    const answer = d.answers.find((a) => a.questionId === BASIS);
    if (!answer) return;
    const review = await this.reviews.byQuestionaryId(d.questionaryId);
    if (!review) return;
    const value = (answer.value ?? {}) as Partial<TechnicalReviewBasisValue>;
    const actorId = event.metadata.actorId ?? 0;
    await RequestContext.run({ actorId }, async () => {
      try {
        await this.commands.execute(
          new ExecuteProposalAssessmentCommand({
            type: 'SaveReview',
            proposalPk: review.proposalPk,
            instrumentId: review.instrumentId,
            actor: { id: actorId, isOfficer: true, isFapSecretaryAllowed: false },
            values: {
              status: value.status ?? review.status,
              timeAllocation: value.timeAllocation ?? null,
              comment: sanitiseComment(value.comment),
              publicComment: sanitiseComment(value.publicComment),
              submitted: review.submitted,
              reviewerId: actorId || review.reviewerId,
              files: value.files ?? review.files ?? [],
            },
          }),
        );
      } catch (error) {
        // the review was removed meanwhile (its instrument unassigned): nothing to save
        if (error instanceof AppError) {
          this.logger.warn(`Technical review ${review.id} not saved from its questionary: ${error.message}`);
          return;
        }
        throw error;
      }
    });
  }
}
