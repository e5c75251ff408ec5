import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  callMessages,
  callSchema,
  TemplateGroupId,
  WorkflowType,
  type CallData,
} from '@user-office/contracts';
import { IdSequences } from '../../platform/database/id-sequences';
import { badInput, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { TemplatesRepository } from '../templates';
import { WorkflowsRepository } from '../workflows';
import { CallFaps } from './call-faps';
import { ExecuteCallCommand } from './commands/execute-call-command';
import type { CreateCallInput } from './read-models/calls/call.model';
import { CallsRepository } from './read-models/calls/calls.repository';

const CALL_IDS = { sequence: 'call_id_seq', floor: { table: 'calls', column: 'call_id' } };

/** Call use cases that need the read models (references, short code, proposal count). */
@Injectable()
export class CallsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: CallsRepository,
    private readonly templates: TemplatesRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly faps: CallFaps,
  ) {}

  /**
   * The input validated (§5 required fields, date order), references checked; dates as ISO instants. The FAP ids
   * (each a live panel) sorted and once each; none given (null or absent): `fapIds` absent.
   */
  async validCall(input: CreateCallInput, exceptCallId: number | null): Promise<CallData> {
    const valid = await validateInput(callSchema, input);
    const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);
    if (await this.repository.isShortCodeTaken(valid.shortCode, exceptCallId))
      throw badInput(callMessages.shortCodeTaken, { shortCode: callMessages.shortCodeTaken });
    const workflow = await this.workflows.workflow(valid.proposalWorkflowId);
    if (!workflow || workflow.entityType !== WorkflowType.PROPOSAL)
      throw badInput(callMessages.workflowNotFound, { proposalWorkflowId: callMessages.workflowNotFound });
    if (valid.experimentWorkflowId !== null) {
      const experimentWorkflow = await this.workflows.workflow(valid.experimentWorkflowId);
      if (!experimentWorkflow)
        throw badInput(callMessages.workflowNotFound, {
          experimentWorkflowId: callMessages.workflowNotFound,
        });
      if (experimentWorkflow.entityType !== WorkflowType.EXPERIMENT)
        throw badInput(callMessages.experimentWorkflowWrongType, {
          experimentWorkflowId: callMessages.experimentWorkflowWrongType,
        });
    }
    await this.checkTemplate(
      'Proposal template',
      'templateId',
      valid.templateId,
      TemplateGroupId.PROPOSAL_QUESTIONARY,
    );
    await this.checkTemplate('PDF template', 'pdfTemplateId', valid.pdfTemplateId, TemplateGroupId.PDF);
    await this.checkTemplate(
      'FAP review template',
      'fapReviewTemplateId',
      valid.fapReviewTemplateId,
      TemplateGroupId.FAP_REVIEW,
    );
    await this.checkTemplate(
      'Technical review template',
      'technicalReviewTemplateId',
      valid.technicalReviewTemplateId,
      TemplateGroupId.TECHNICAL_REVIEW,
    );
    await this.checkTemplate(
      'ESI template',
      'esiTemplateId',
      valid.esiTemplateId,
      TemplateGroupId.PROPOSAL_ESI,
    );
    const fapIds = valid.faps ? [...new Set(valid.faps)].sort((a, b) => a - b) : undefined;
    const [missingFap] = await this.faps.missing(fapIds ?? []);
    if (missingFap !== undefined)
      throw badInput(callMessages.fapNotFound(missingFap), { faps: callMessages.fapNotFound(missingFap) });
    return {
      shortCode: valid.shortCode,
      title: valid.title || null,
      description: valid.description || null,
      startCall: iso(valid.startCall)!,
      endCall: iso(valid.endCall)!,
      endCallInternal: iso(valid.endCallInternal) ?? iso(valid.endCall)!,
      startReview: iso(valid.startReview)!,
      endReview: iso(valid.endReview)!,
      startFapReview: iso(valid.startFapReview),
      endFapReview: iso(valid.endFapReview),
      startNotify: iso(valid.startNotify)!,
      endNotify: iso(valid.endNotify)!,
      startCycle: iso(valid.startCycle)!,
      endCycle: iso(valid.endCycle)!,
      cycleComment: valid.cycleComment,
      surveyComment: valid.surveyComment,
      referenceNumberFormat: valid.referenceNumberFormat || null,
      proposalWorkflowId: valid.proposalWorkflowId as number,
      templateId: valid.templateId as number,
      esiTemplateId: valid.esiTemplateId ?? null,
      pdfTemplateId: valid.pdfTemplateId ?? null,
      fapReviewTemplateId: valid.fapReviewTemplateId ?? null,
      technicalReviewTemplateId: valid.technicalReviewTemplateId ?? null,
      allocationTimeUnit: valid.allocationTimeUnit!,
      submissionMessage: valid.submissionMessage || null,
      experimentWorkflowId: valid.experimentWorkflowId ?? null,
      ...(fapIds ? { fapIds } : {}),
    };
  }

  private async checkTemplate(
    label: string,
    field: string,
    templateId: number | null | undefined,
    group: TemplateGroupId | null,
  ) {
    if (templateId === null || templateId === undefined) return;
    const template = await this.templates.template(templateId);
    if (!template)
      throw badInput(callMessages.templateNotFound(label), { [field]: callMessages.templateNotFound(label) });
    if (group && template.groupId !== group)
      throw badInput(callMessages.templateWrongGroup(label, group), {
        [field]: callMessages.templateWrongGroup(label, group),
      });
  }

  async create(input: CreateCallInput): Promise<number> {
    const call = await this.validCall(input, null);
    const callId = await this.ids.next(CALL_IDS.sequence, CALL_IDS.floor);
    await this.commands.execute(new ExecuteCallCommand(callId, { type: 'CreateCall', callId, call }));
    return callId;
  }

  async update(callId: number, input: CreateCallInput, callFapReviewEnded?: boolean): Promise<void> {
    if (!(await this.repository.call(callId))) throw notFound(callMessages.notFound);
    const call = await this.validCall(input, callId);
    await this.commands.execute(
      new ExecuteCallCommand(callId, {
        type: 'UpdateCall',
        call,
        callFapReviewEnded,
        now: new Date().toISOString(),
      }),
    );
  }

  async delete(callId: number): Promise<void> {
    const call = await this.repository.call(callId);
    if (!call) throw notFound(callMessages.notFound);
    await this.commands.execute(
      new ExecuteCallCommand(callId, { type: 'DeleteCall', proposalCount: call.proposalCount }),
    );
  }

  /** Appends the milestones (CallEnded, …) of every call whose dates passed; returns the calls touched. */
  async reachMilestones(now = new Date()): Promise<number[]> {
    const due = await this.repository.dueMilestones();
    for (const callId of due) {
      await this.commands.execute(
        new ExecuteCallCommand(callId, { type: 'ReachMilestones', now: now.toISOString() }),
      );
    }
    return due;
  }
}
