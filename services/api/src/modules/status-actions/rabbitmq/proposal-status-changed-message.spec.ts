import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA } from '@user-office/contracts';
import Ajv from 'ajv';
import { buildProposalStatusChangedMessage } from './proposal-status-changed.message-builder';

const SCHEMA_FILE = join(
  __dirname,
  '../../../../../../contracts/src/status-actions/proposal-status-changed.schema.json',
);

const input = {
  eventId: '6f1c7c1e-6b7e-4a8e-9d57-3f1a6f0c2a11',
  occurredAt: '2024-05-01T12:00:00.000Z',
  proposal: {
    primaryKey: 12,
    proposalId: '2024-0042',
    title: 'Engines',
    abstract: 'Difference',
    callId: 3,
    submitted: true,
  },
  call: { shortCode: 'CALL-1' },
  status: { id: 12, shortCode: 'APPROVED', name: 'Approved' },
  proposer: { id: 1, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.org' },
  members: [{ id: 2, firstname: 'Charles', lastname: 'Babbage', email: 'charles@example.org' }],
};

describe('the RabbitMQ message of a status change', () => {
  const check = new Ajv({ allErrors: true }).compile(PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA);
  const validate = (message: unknown) => (check(message) ? [] : (check.errors ?? []).map((e) => e.message));

  it('is what the JSON Schema in contracts/ documents, and nothing more', () => {
    const message = buildProposalStatusChangedMessage(input);
    expect(validate(message)).toEqual([]);
    // every property the builder writes is documented (the schema itself lets consumers ignore new ones)
    const documented = (schema: { properties?: object }, value: object) =>
      expect(Object.keys(value).sort()).toEqual(Object.keys(schema.properties ?? {}).sort());
    documented(PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA, message);
    documented(PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA.properties.proposal, message.proposal);
    documented(
      PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA.properties.proposal.properties.proposer,
      message.proposal.proposer,
    );
    expect(message).toMatchObject({
      type: 'PROPOSAL_STATUS_CHANGED',
      proposal: {
        callShortCode: 'CALL-1',
        statusShortCode: 'APPROVED',
        members: [{ email: 'charles@example.org' }],
      },
    });
  });

  it('the schema rejects messages that break it', () => {
    const message = buildProposalStatusChangedMessage(input);
    expect(validate({ ...message, type: 'SOMETHING_ELSE' })).not.toEqual([]);
    expect(validate({ ...message, occurredAt: 'yesterday' })).not.toEqual([]);
    expect(validate({ ...message, proposal: { ...message.proposal, primaryKey: '12' } })).not.toEqual([]);
    const withoutProposer: Record<string, unknown> = { ...message.proposal };
    delete withoutProposer.proposer;
    expect(validate({ ...message, proposal: withoutProposer })).not.toEqual([]);
  });

  it('the committed .json copy for other languages is the schema', () => {
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA);
  });
});
