import { Injectable } from '@nestjs/common';
import { basisQuestionId, DataType, Role, TemplateGroupId } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { AnswerFacts, QuestionaryOwner, QuestionaryRecord } from '../questionaries';
import { ExperimentSafetyService } from './experiment-safety.service';
import { ExperimentSafetyRepository } from './read-models/experiment-safety/experiment-safety.repository';

/**
 * ESIs as owners of questionaries (registered with QuestionaryOwners): the ESI questionary and the sample ESI
 * questionaries are read by whoever reads the ESI (its members, officers, safety reviewers, the instrument's
 * scientists) and answered by the PI and co-proposers only while the ESI is not submitted (the lock); their
 * basis questions (PROPOSAL_ESI_BASIS, SAMPLE_ESI_BASIS) get the proposal from the server.
 */
@Injectable()
export class ExperimentSafetyQuestionaryOwner implements QuestionaryOwner {
  readonly groups = [TemplateGroupId.PROPOSAL_ESI, TemplateGroupId.SAMPLE_ESI];

  constructor(
    private readonly repository: ExperimentSafetyRepository,
    private readonly service: ExperimentSafetyService,
  ) {}

  private async safetyOf(questionaryId: number) {
    const safety = await this.repository.byEsiQuestionaryId(questionaryId);
    if (safety) return { safety, basis: DataType.PROPOSAL_ESI_BASIS };
    const sample = await this.repository.sampleByEsiQuestionaryId(questionaryId);
    if (!sample) return null;
    const ofSample = await this.repository.ofExperiment(sample.experimentPk);
    return ofSample ? { safety: ofSample, basis: DataType.SAMPLE_ESI_BASIS } : null;
  }

  async access(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<boolean | undefined> {
    const found = await this.safetyOf(questionary.questionaryId);
    if (!found) return undefined;
    if (mode === 'read') return this.service.mayRead(session, found.safety);
    if (found.safety.esiQuestionarySubmittedAt !== null) return false;
    return session.currentRole === Role.USER && (await this.service.actor(session, found.safety)).isMember;
  }

  async answerFacts(questionary: QuestionaryRecord): Promise<AnswerFacts | undefined> {
    const found = await this.safetyOf(questionary.questionaryId);
    if (!found) return undefined;
    return { basisValues: { [basisQuestionId(found.basis)]: { proposalPk: found.safety.proposalPk } } };
  }
}
