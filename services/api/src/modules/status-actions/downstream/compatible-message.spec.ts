import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA,
  INSTRUMENT_DELETED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  RABBITMQ_SCHEMA_FILES,
} from '@user-office/contracts';
import Ajv from 'ajv';
import { planDownstreamMessage } from '../domain/plan-downstream-messages';
import { rabbitMqTargetOf } from '../domain/plan-status-action-jobs';
import { buildCompatibleProposalMessage, type CompatibleProposalInput } from './compatible-message.builder';

const SCHEMAS = join(__dirname, '../../../../../../contracts/src/downstream/schemas');

const input = (
  unit: string | null,
  allocations = [{ instrumentId: 4, value: 3 }],
): CompatibleProposalInput => ({
  proposal: {
    primaryKey: 12,
    proposalId: '2024-0042',
    title: 'Engines',
    abstract: 'Difference',
    callId: 3,
    submitted: true,
    managementTimeAllocations: allocations,
  },
  statusShortCode: 'SCHEDULING',
  allocationTimeUnit: unit,
  proposer: {
    id: 1,
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.org',
    oidcSub: 'sub-1',
    institution: { id: 9, name: 'Analytical Society', country: 'United Kingdom' },
  },
  members: [{ id: 2, firstname: 'Charles', lastname: 'Babbage', email: 'charles@example.org' }],
  instruments: [
    { id: 4, shortCode: 'LARMOR' },
    { id: 5, shortCode: 'ZOOM' },
  ],
});

describe('the compatible profile', () => {
  const check = new Ajv({ allErrors: true }).compile(COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA);

  it('builds the proposal message of its schema: names, institution, instruments with seconds allocated', () => {
    const message = buildCompatibleProposalMessage(input('Day'));
    expect(check(message) ? [] : check.errors).toEqual([]);
    expect(message).toEqual({
      proposalPk: 12,
      shortCode: '2024-0042',
      title: 'Engines',
      abstract: 'Difference',
      callId: 3,
      newStatus: 'SCHEDULING',
      submitted: true,
      proposer: {
        id: '1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        oidcSub: 'sub-1',
        institution: { id: 9, name: 'Analytical Society', country: 'United Kingdom' },
      },
      members: [
        {
          id: '2',
          firstName: 'Charles',
          lastName: 'Babbage',
          email: 'charles@example.org',
          oidcSub: null,
          institution: null,
        },
      ],
      instruments: [
        { id: 4, shortCode: 'LARMOR', allocatedTime: 3 * 86_400 },
        { id: 5, shortCode: 'ZOOM', allocatedTime: 0 },
      ],
    });
  });

  it.each([
    ['Day', 86_400],
    ['Week', 604_800],
    ['Hour', 3_600],
  ])('allocatedTime: the allocation in %s as seconds', (unit, seconds) => {
    expect(buildCompatibleProposalMessage(input(unit)).instruments[0].allocatedTime).toBe(3 * seconds);
  });

  it('instruments is always present: an empty list when there are none', () => {
    const message = buildCompatibleProposalMessage({ ...input('Day', []), instruments: [] });
    expect(message.instruments).toEqual([]);
    expect(check(message)).toBe(true);
  });

  it('the committed JSON Schema files are the contracts’ schemas', () => {
    for (const [file, schema] of Object.entries(RABBITMQ_SCHEMA_FILES))
      expect(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8'))).toEqual(schema);
  });

  it('a RabbitMQ action: its profile and exchanges, the defaults when it names none', () => {
    const defaults = { profile: 'native' as const, exchanges: ['user_office_backend.fanout'] };
    expect(rabbitMqTargetOf({ exchanges: ['a'] }, defaults)).toEqual({ exchanges: ['a'] });
    expect(rabbitMqTargetOf({ profile: 'compatible' }, defaults)).toEqual({
      exchanges: ['user_office_backend.fanout'],
      profile: 'compatible',
    });
    expect(rabbitMqTargetOf({ exchanges: ['a'] }, { ...defaults, profile: 'compatible' })).toEqual({
      exchanges: ['a'],
      profile: 'compatible',
    });
  });

  it('plans PROPOSAL_DELETED and INSTRUMENT_DELETED always, a feed type only when switched on', () => {
    const none = new Set<string>();
    const deleted = { type: PROPOSAL_DELETED, streamId: 'proposal-7', data: { proposalPk: 7, callId: 1 } };
    expect(planDownstreamMessage(deleted, none)).toEqual({
      type: 'PROPOSAL_DELETED',
      orderingKey: 'proposal-7',
      body: { kind: 'proposal', proposalPk: 7, includeDeleted: true },
    });
    expect(
      planDownstreamMessage({ type: INSTRUMENT_DELETED, streamId: 'instrument-3', data: { id: 3 } }, none),
    ).toMatchObject({ type: 'INSTRUMENT_DELETED', orderingKey: 'instrument-3' });
    const created = { type: PROPOSAL_CREATED, streamId: 'proposal-7', data: { proposalPk: 7 } };
    expect(planDownstreamMessage(created, none)).toBeNull();
    expect(planDownstreamMessage(created, new Set(['PROPOSAL_CREATED']))).toMatchObject({
      type: 'PROPOSAL_CREATED',
    });
    const decision = (finalStatus: string) => ({
      type: PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
      streamId: 'proposal-7',
      data: { proposalPk: 7, finalStatus },
    });
    const on = new Set(['PROPOSAL_ACCEPTED']);
    expect(planDownstreamMessage(decision('ACCEPTED'), on)).toMatchObject({ type: 'PROPOSAL_ACCEPTED' });
    expect(planDownstreamMessage(decision('REJECTED'), on)).toBeNull();
  });
});
