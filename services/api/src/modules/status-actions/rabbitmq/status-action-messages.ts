import { Injectable } from '@nestjs/common';
import {
  PROPOSAL_STATUS_ACTION_EXECUTED,
  PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE,
  QUEUES,
  RabbitMqProfile,
  type StatusActionSpec,
} from '@user-office/contracts';
import { fulfilled, rejected, type Settled } from '../../../platform/queue/job-batches';
import { CallsRepository } from '../../calls';
import type { ProposalModel } from '../../proposals';
import { UsersService } from '../../users';
import { WorkflowsRepository } from '../../workflows';
import { CompatibleMessages } from '../downstream/compatible-messages.service';
import { PublishedMessages, proposalOrderingKey, waitingFor } from '../downstream/published-messages';
import { StatusActionError } from '../jobs/status-action-error';
import { AmqpPublisher, type OutgoingMessage } from './amqp-publisher';
import { buildProposalStatusChangedMessage } from './proposal-status-changed.message-builder';

/** One RabbitMQ action to publish: its action, its proposal, and the job that runs it. */
export interface StatusActionMessage {
  action: StatusActionSpec;
  proposal: ProposalModel;
  jobId: string;
  replay: boolean;
}

/** What a published message logs. */
export interface PublishedStatusActionMessage {
  recipient: string;
  message: string;
}

type Outcome = Settled<PublishedStatusActionMessage>;

/**
 * The messages of RABBITMQ status actions, many at once: their facts read once for the batch, every message put
 * in flight on the confirm channel together (pipelined publisher confirms), each settling with its own
 * confirmation.
 * - native profile: PROPOSAL_STATUS_CHANGED to each exchange; a retry publishes again (at least once; the
 *   message id is the status change's event id);
 * - compatible profile: PROPOSAL_STATUS_ACTION_EXECUTED once per exchange, after every earlier message of its
 *   proposal (PublishedMessages: the order guard and the ledger of confirmations, read and written once per
 *   batch). Of two messages of one proposal in a batch the later waits for the earlier: the guard sees its job
 *   still open.
 */
@Injectable()
export class StatusActionMessages {
  constructor(
    private readonly publisher: AmqpPublisher,
    private readonly compatible: CompatibleMessages,
    private readonly published: PublishedMessages,
    private readonly calls: CallsRepository,
    private readonly users: UsersService,
    private readonly workflows: WorkflowsRepository,
  ) {}

  async publishMany(messages: readonly StatusActionMessage[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = messages.map(() => rejected(new Error('not published')));
    const native: number[] = [];
    const compatible: number[] = [];
    messages.forEach((m, i) => {
      if ((m.action.rabbitmq?.exchanges ?? []).length === 0)
        outcomes[i] = rejected(new StatusActionError('The RabbitMQ action names no exchange', true));
      else if (m.action.rabbitmq?.profile === RabbitMqProfile.COMPATIBLE) compatible.push(i);
      else native.push(i);
    });
    const settle = async (indexes: number[], run: (m: StatusActionMessage[]) => Promise<Outcome[]>) => {
      if (indexes.length === 0) return;
      let results: Outcome[];
      try {
        results = await run(indexes.map((i) => messages[i]));
      } catch (error) {
        results = indexes.map(() => rejected(error));
      }
      indexes.forEach((i, k) => (outcomes[i] = results[k]));
    };
    await Promise.all([
      settle(native, (m) => this.publishNative(m)),
      settle(compatible, (m) => this.publishCompatible(m)),
    ]);
    return outcomes;
  }

  /** PROPOSAL_STATUS_CHANGED (ours) to each exchange of each action */
  private async publishNative(messages: readonly StatusActionMessage[]): Promise<Outcome[]> {
    const proposals = messages.map((m) => m.proposal);
    const [calls, statuses, people] = await Promise.all([
      byId([...new Set(proposals.map((p) => p.callId))], (id) => this.calls.call(id)),
      byId([...new Set(messages.map((m) => m.action.statusId))], (id) =>
        this.workflows.status(id, { includeDeleted: true }),
      ),
      this.users.byIds([...new Set(proposals.flatMap((p) => [p.proposerId, ...p.userIds]))]),
    ]);
    const userOf = new Map(people.map((u) => [u.id, u] as const));
    const outgoing: (OutgoingMessage & { index: number })[] = [];
    const outcomes: Outcome[] = messages.map(({ action, proposal }, index) => {
      const pi = userOf.get(proposal.proposerId);
      if (!pi)
        return rejected(
          new StatusActionError(
            `The principal investigator (user ${proposal.proposerId}) no longer exists`,
            true,
          ),
        );
      const status = statuses.get(action.statusId);
      const body = buildProposalStatusChangedMessage({
        eventId: action.sourceEventId,
        occurredAt: action.occurredAt,
        proposal,
        call: { shortCode: calls.get(proposal.callId)?.shortCode ?? '' },
        status: { id: action.statusId, shortCode: status?.shortCode ?? '', name: status?.name ?? '' },
        proposer: pi,
        // in the order the users read gives them, as one proposal's own read did
        members: people.filter((u) => proposal.userIds.includes(u.id)),
      });
      const content = Buffer.from(JSON.stringify(body));
      const properties = {
        contentType: 'application/json',
        contentEncoding: 'utf-8',
        type: PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE,
        messageId: action.sourceEventId,
        timestamp: Math.floor(Date.now() / 1000),
        appId: 'user-office',
      };
      for (const exchange of action.rabbitmq?.exchanges ?? [])
        outgoing.push({ exchange, content, properties, index });
      const exchanges = (action.rabbitmq?.exchanges ?? []).join(', ');
      return fulfilled({
        recipient: exchanges,
        message: `${PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE} published to ${exchanges} (confirmed by the broker)`,
      });
    });
    const confirmations = await this.publisher.publishMany(outgoing);
    outgoing.forEach((o, k) => {
      const confirmation = confirmations[k];
      // the first failed exchange fails the action's try (the queue tries again: all its exchanges)
      if (!confirmation.ok && outcomes[o.index].ok) outcomes[o.index] = rejected(confirmation.error);
    });
    return outcomes;
  }

  /** PROPOSAL_STATUS_ACTION_EXECUTED once per exchange, in order per proposal */
  private async publishCompatible(messages: readonly StatusActionMessage[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = messages.map(() => rejected(new Error('not published')));
    const guarded = messages.flatMap((m) =>
      !m.replay && m.action.position !== undefined
        ? [
            {
              queue: QUEUES.rabbitmq,
              jobId: m.jobId,
              orderingKey: proposalOrderingKey(m.proposal.primaryKey),
              position: m.action.position,
            },
          ]
        : [],
    );
    const blocked = await this.published.blockedMany(guarded);
    const turn: number[] = [];
    messages.forEach((m, i) => {
      const blocker = blocked.get(m.jobId);
      if (blocker) outcomes[i] = rejected(waitingFor(proposalOrderingKey(m.proposal.primaryKey), blocker));
      else turn.push(i);
    });
    if (turn.length === 0) return outcomes;
    const bodies = await this.compatible.proposalMessages(
      turn.map((i) => ({
        proposalPk: messages[i].proposal.primaryKey,
        statusId: messages[i].action.statusId,
      })),
      { includeDeleted: true },
    );
    const ready: { index: number; content: Buffer }[] = [];
    turn.forEach((i, k) => {
      const body = bodies[k];
      if (!body)
        outcomes[i] = rejected(
          new StatusActionError(`Proposal ${messages[i].proposal.primaryKey} no longer exists`, true),
        );
      else ready.push({ index: i, content: Buffer.from(JSON.stringify(body), 'utf8') });
    });
    const results = await this.published.publishOnceMany(
      ready.map(({ index, content }) => {
        const { action, jobId } = messages[index];
        return {
          messageKey: jobId,
          exchanges: action.rabbitmq?.exchanges ?? [],
          content,
          properties: {
            contentType: 'application/json',
            contentEncoding: 'utf-8',
            type: PROPOSAL_STATUS_ACTION_EXECUTED,
            messageId: action.sourceEventId,
            timestamp: Date.parse(action.occurredAt),
            appId: 'user-office',
          },
        };
      }),
      (outgoing) => this.publisher.publishMany(outgoing),
    );
    ready.forEach(({ index }, k) => {
      const result = results[k];
      if (!result.ok) {
        outcomes[index] = rejected(result.error);
        return;
      }
      const { published, already } = result.value;
      outcomes[index] = fulfilled({
        recipient: (messages[index].action.rabbitmq?.exchanges ?? []).join(', '),
        message:
          `${PROPOSAL_STATUS_ACTION_EXECUTED} published to ${published.join(', ') || '(none)'} (confirmed by the broker)` +
          (already.length > 0 ? `; already confirmed before on ${already.join(', ')}` : ''),
      });
    });
    return outcomes;
  }
}

/** each id's record, read one by one (a batch names few calls and statuses) */
async function byId<T>(
  ids: readonly number[],
  read: (id: number) => Promise<T | null>,
): Promise<Map<number, T>> {
  const records = await Promise.all(ids.map(async (id) => [id, await read(id)] as const));
  return new Map(records.flatMap(([id, record]) => (record === null ? [] : [[id, record] as const])));
}
