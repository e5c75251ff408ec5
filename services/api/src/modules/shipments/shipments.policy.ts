import { Injectable } from '@nestjs/common';
import { basisQuestionId, DataType, Role, ShipmentStatus, TemplateGroupId } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { AnswerFacts, QuestionaryOwner, QuestionaryRecord } from '../questionaries';
import { ShipmentsRepository } from './read-models/shipments/shipments.repository';
import { ShipmentsService } from './shipments.service';

/**
 * Shipments as owners of questionaries (registered with QuestionaryOwners): the declaration is read by the
 * proposal's members and officers, answered by the members while the shipment is a draft (submission locks it);
 * its SHIPMENT_BASIS answer is the shipment itself (title, proposal, samples), given by the server.
 */
@Injectable()
export class ShipmentQuestionaryOwner implements QuestionaryOwner {
  readonly groups = [TemplateGroupId.SHIPMENT_DECLARATION];

  constructor(
    private readonly repository: ShipmentsRepository,
    private readonly service: ShipmentsService,
  ) {}

  async access(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<boolean | undefined> {
    const shipment = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!shipment) return undefined;
    if (mode === 'read') return this.service.mayRead(session, shipment);
    if (shipment.status !== ShipmentStatus.DRAFT) return false;
    return (
      session.currentRole === Role.USER && (await this.service.actor(session, shipment.proposalPk)).isMember
    );
  }

  async answerFacts(questionary: QuestionaryRecord): Promise<AnswerFacts | undefined> {
    const shipment = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!shipment) return undefined;
    return {
      basisValues: {
        [basisQuestionId(DataType.SHIPMENT_BASIS)]: {
          title: shipment.title,
          proposalPk: shipment.proposalPk,
          samples: shipment.sampleIds,
        },
      },
    };
  }
}
