import { Injectable } from '@nestjs/common';
import {
  basisQuestionId,
  DataType,
  Role,
  VisitRegistrationStatus,
  TemplateGroupId,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { AnswerFacts, QuestionaryOwner, QuestionaryRecord } from '../questionaries';
import { VisitsRepository } from './read-models/visits/visits.repository';
import { VisitsService } from './visits.service';

/** A registration may be changed by its visitor while DRAFTED or CHANGE_REQUESTED (§4). */
export const EDITABLE_REGISTRATION: readonly VisitRegistrationStatus[] = [
  VisitRegistrationStatus.DRAFTED,
  VisitRegistrationStatus.CHANGE_REQUESTED,
];

/**
 * Visit registrations as owners of questionaries (registered with QuestionaryOwners): a registration's
 * questionary is read by whoever reads the visit (its proposal's members, the visitors, officers) and answered by
 * the registrant only, while the registration is drafted or change-requested (submitted: locked). Its
 * VISIT_BASIS answer is the registration itself, given by the server.
 */
@Injectable()
export class VisitRegistrationQuestionaryOwner implements QuestionaryOwner {
  readonly groups = [TemplateGroupId.VISIT_REGISTRATION];

  constructor(
    private readonly repository: VisitsRepository,
    private readonly service: VisitsService,
  ) {}

  async access(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<boolean | undefined> {
    const registration = await this.repository.registrationByQuestionaryId(questionary.questionaryId);
    if (!registration) return undefined;
    const visit = await this.repository.get(registration.visitId);
    if (!visit) return false;
    if (mode === 'read') return this.service.mayRead(session, visit);
    return (
      session.currentRole === Role.USER &&
      session.id === registration.userId &&
      EDITABLE_REGISTRATION.includes(registration.status)
    );
  }

  async answerFacts(questionary: QuestionaryRecord): Promise<AnswerFacts | undefined> {
    const registration = await this.repository.registrationByQuestionaryId(questionary.questionaryId);
    if (!registration) return undefined;
    const visit = await this.repository.get(registration.visitId);
    return {
      basisValues: {
        [basisQuestionId(DataType.VISIT_BASIS)]: {
          proposalPk: visit?.proposalPk ?? null,
          startsAt: registration.startsAt?.toISOString() ?? null,
          endsAt: registration.endsAt?.toISOString() ?? null,
        },
      },
    };
  }
}
