import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  addConnectionStatusActionsSchema,
  addStatusChangingEventsSchema,
  addWorkflowStatusSchema,
  completeEmailActionConfig,
  completeRabbitMqActionConfig,
  createStatusSchema,
  createWorkflowSchema,
  DEFAULT_STATUS_MAX_ID,
  deleteStatusSchema,
  deleteWorkflowSchema,
  deleteWorkflowStatusSchema,
  INITIAL_STATUS_SHORT_CODE,
  moveWorkflowStatusSchema,
  StatusActionType,
  updateStatusSchema,
  updateWorkflowSchema,
  workflowMessages,
  type ConnectionStatusActionData,
  type EmailActionConfig,
  type RabbitMqActionConfig,
} from '@user-office/contracts';
import { IdSequences, type IdFloor } from '../../platform/database/id-sequences';
import { AppError, badInput, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { ExecuteWorkflowsCommand } from './commands/execute-workflows-command';
import { DEFAULT_WORKFLOW_MAX_ID } from './domain/default-workflows';
import type { StatusCommand } from './domain/status.decide';
import type { StatusFacts, WorkflowCommand } from './domain/workflow.decide';
import type {
  StatusModel,
  WorkflowConnectionModel,
  WorkflowModel,
} from './read-models/workflows/workflow.model';
import { WorkflowsRepository } from './read-models/workflows/workflows.repository';
import { WorkflowUsage } from './workflow-usage';

const M = workflowMessages;

/**
 * Id sequences of the workflows module. Floors keep a sequence above the ids a read model holds (rebuilt from
 * another store); `above` keeps it above the fixed ids of the defaults even before they exist.
 */
interface IdSource {
  sequence: string;
  floor: IdFloor;
  above: number;
}
const STATUS_IDS: IdSource = {
  sequence: 'status_id_seq',
  floor: { table: 'workflow_statuses', column: 'status_id' },
  above: DEFAULT_STATUS_MAX_ID,
};
const WORKFLOW_IDS: IdSource = {
  sequence: 'workflow_id_seq',
  floor: { table: 'workflows', column: 'workflow_id' },
  above: DEFAULT_WORKFLOW_MAX_ID,
};
const CONNECTION_IDS: IdSource = {
  sequence: 'workflow_connection_id_seq',
  floor: { table: 'workflow_connections', column: 'connection_id' },
  above: 0,
};

const facts = (status: StatusModel): StatusFacts => ({
  statusId: status.id,
  shortCode: status.shortCode,
  entityType: status.entityType,
});

/** When a default is created rather than an officer's: its fixed id, flagged as a default. */
export interface DefaultSeed {
  id: number;
}

/**
 * The use cases of statuses and workflows: each validates its input with the contracts' schema, gathers the
 * facts the decider needs from the read model, then runs one command (nothing is appended on bad input).
 */
@Injectable()
export class WorkflowsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: WorkflowsRepository,
    private readonly ids: IdSequences,
    private readonly usage: WorkflowUsage,
  ) {}

  private async nextId(source: IdSource): Promise<number> {
    for (;;) {
      const id = await this.ids.next(source.sequence, source.floor);
      if (id > source.above) return id;
    }
  }

  private async onStatus(statusId: number, command: StatusCommand): Promise<void> {
    await this.commands.execute(new ExecuteWorkflowsCommand({ kind: 'status', statusId, command }));
  }

  private async onWorkflow(workflowId: number, command: WorkflowCommand): Promise<void> {
    await this.commands.execute(new ExecuteWorkflowsCommand({ kind: 'workflow', workflowId, command }));
  }

  /** The live status or NOT_FOUND. */
  async existingStatus(statusId: number): Promise<StatusModel> {
    const status = await this.repository.status(statusId);
    if (!status) throw notFound(M.statusNotFound);
    return status;
  }

  /** The live workflow or NOT_FOUND. */
  async existingWorkflow(workflowId: number): Promise<WorkflowModel> {
    const workflow = await this.repository.workflow(workflowId);
    if (!workflow) throw notFound(M.workflowNotFound);
    return workflow;
  }

  // statuses

  /** createStatus; returns its id. */
  async createStatus(input: unknown, seed?: DefaultSeed): Promise<number> {
    const valid = await validateInput(createStatusSchema, input);
    const statusId = seed?.id ?? (await this.nextId(STATUS_IDS));
    const taken = await this.repository.statusByShortCode(valid.entityType, valid.shortCode);
    await this.onStatus(statusId, {
      type: 'CreateStatus',
      status: { statusId, ...valid, isDefault: seed !== undefined },
      shortCodeTaken: taken !== null,
    });
    return statusId;
  }

  /** updateStatus (name, description; the short code stays). */
  async updateStatus(input: unknown): Promise<number> {
    const valid = await validateInput(updateStatusSchema, input);
    await this.onStatus(valid.id, { type: 'UpdateStatus', name: valid.name, description: valid.description });
    return valid.id;
  }

  /** deleteStatus; returns the status as it was. */
  async deleteStatus(input: unknown): Promise<StatusModel> {
    const { id } = await validateInput(deleteStatusSchema, input);
    const status = await this.existingStatus(id);
    const [usedInWorkflows, inUse] = await Promise.all([
      this.repository.workflowsUsingStatus(id),
      this.usage.statusInUse(id),
    ]);
    await this.onStatus(id, { type: 'DeleteStatus', usedInWorkflows, inUse });
    return status;
  }

  // workflows

  /** createWorkflow: the workflow with its initial connection (DRAFT, AWAITING_ESF); returns its id. */
  async createWorkflow(input: unknown, seed?: DefaultSeed): Promise<number> {
    const valid = await validateInput(createWorkflowSchema, input);
    const initialShortCode = INITIAL_STATUS_SHORT_CODE[valid.entityType];
    const initial = await this.repository.statusByShortCode(valid.entityType, initialShortCode);
    if (!initial) throw badInput(`The initial status ${initialShortCode} does not exist`);
    const workflowId = seed?.id ?? (await this.nextId(WORKFLOW_IDS));
    const connectionId = await this.nextId(CONNECTION_IDS);
    await this.onWorkflow(workflowId, {
      type: 'CreateWorkflow',
      workflowId,
      name: valid.name,
      description: valid.description,
      entityType: valid.entityType,
      isDefault: seed !== undefined,
      initial: { connectionId, status: facts(initial) },
    });
    return workflowId;
  }

  async updateWorkflow(input: unknown): Promise<number> {
    const valid = await validateInput(updateWorkflowSchema, input);
    await this.onWorkflow(valid.id, {
      type: 'UpdateWorkflow',
      name: valid.name,
      description: valid.description,
    });
    return valid.id;
  }

  /** deleteWorkflow (refused while a call uses it); returns the workflow as it was. */
  async deleteWorkflow(input: unknown): Promise<WorkflowModel> {
    const { workflowId } = await validateInput(deleteWorkflowSchema, input);
    const workflow = await this.existingWorkflow(workflowId);
    const inUse = await this.usage.inUse(workflowId);
    await this.onWorkflow(workflowId, { type: 'DeleteWorkflow', inUse });
    return workflow;
  }

  /** addWorkflowStatus; returns the new connection's id. */
  async addWorkflowStatus(input: unknown): Promise<number> {
    const valid = await validateInput(addWorkflowStatusSchema, input);
    await this.existingWorkflow(valid.workflowId);
    const status = await this.repository.status(valid.statusId);
    const connectionId = await this.nextId(CONNECTION_IDS);
    await this.onWorkflow(valid.workflowId, {
      type: 'AddWorkflowStatus',
      connectionId,
      status: status ? facts(status) : null,
      sortOrder: valid.sortOrder,
      droppableGroupId: valid.droppableGroupId,
      parentDroppableGroupId: valid.parentDroppableGroupId ?? null,
      prevStatusId: valid.prevStatusId ?? null,
      nextStatusId: valid.nextStatusId ?? null,
    });
    return connectionId;
  }

  async moveWorkflowStatus(input: unknown): Promise<number> {
    const valid = await validateInput(moveWorkflowStatusSchema, input);
    await this.onWorkflow(valid.workflowId, { type: 'MoveWorkflowStatus', from: valid.from, to: valid.to });
    return valid.workflowId;
  }

  async deleteWorkflowStatus(input: unknown): Promise<number> {
    const valid = await validateInput(deleteWorkflowStatusSchema, input);
    await this.onWorkflow(valid.workflowId, {
      type: 'DeleteWorkflowStatus',
      statusId: valid.statusId,
      sortOrder: valid.sortOrder,
    });
    return valid.workflowId;
  }

  /** addStatusChangingEventsToConnection: the events the connection waits for (replacing its list). */
  async setStatusChangingEvents(input: unknown): Promise<WorkflowConnectionModel> {
    const valid = await validateInput(addStatusChangingEventsSchema, input);
    const connection = await this.existingConnection(valid.workflowConnectionId);
    await this.onWorkflow(connection.workflowId, {
      type: 'SetStatusChangingEvents',
      connectionId: connection.id,
      statusChangingEvents: valid.statusChangingEvents,
    });
    return connection;
  }

  /** addConnectionStatusActions: the actions the connection runs (replacing its list). */
  async setConnectionStatusActions(input: unknown): Promise<WorkflowConnectionModel> {
    const valid = await validateInput(addConnectionStatusActionsSchema, input);
    const connection = await this.existingConnection(valid.workflowConnectionId);
    if (connection.workflowId !== valid.workflowId) throw notFound(M.connectionNotFound);
    const actions: ConnectionStatusActionData[] = valid.actions.map((action) => ({
      actionId: action.actionId,
      actionType: action.actionType,
      config: storedConfig(action.actionType, action.config),
    }));
    await this.onWorkflow(connection.workflowId, {
      type: 'SetConnectionStatusActions',
      connectionId: connection.id,
      actions,
    });
    return connection;
  }

  /** The connection (of a live workflow) or NOT_FOUND. */
  async existingConnection(connectionId: number): Promise<WorkflowConnectionModel> {
    const connection = await this.repository.connection(connectionId);
    if (!connection) throw notFound(M.connectionNotFound);
    return connection;
  }
}

/** A validated config as it is stored: only its type's fields, the catalogues' names filled in. */
function storedConfig(type: StatusActionType, config: unknown): Record<string, unknown> {
  switch (type) {
    case StatusActionType.EMAIL:
      return { ...completeEmailActionConfig(config as EmailActionConfig) };
    case StatusActionType.RABBITMQ:
      return { ...completeRabbitMqActionConfig(config as RabbitMqActionConfig) };
    default:
      throw new AppError('BAD_USER_INPUT', M.unknownAction(type));
  }
}
