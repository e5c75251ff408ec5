import { Injectable } from '@nestjs/common';
import { FeedbackStatus, Role, TemplateGroupId } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { QuestionaryOwner, QuestionaryRecord } from '../questionaries';
import { FeedbackRepository } from './read-models/feedback/feedback.repository';

/**
 * Feedback as the owner of its questionary (registered with QuestionaryOwners): read by its author and officers,
 * answered by its author while a draft (FEEDBACK_BASIS has no value of its own).
 */
@Injectable()
export class FeedbackQuestionaryOwner implements QuestionaryOwner {
  readonly groups = [TemplateGroupId.FEEDBACK];

  constructor(private readonly repository: FeedbackRepository) {}

  async access(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<boolean | undefined> {
    const feedback = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!feedback) return undefined;
    const own = session.id === feedback.creatorId && session.currentRole === Role.USER;
    return mode === 'read' ? own : own && feedback.status === FeedbackStatus.DRAFT;
  }
}
