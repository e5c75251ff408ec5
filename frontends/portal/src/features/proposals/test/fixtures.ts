import { user } from './harness';

export const PI = user(7, 'Pia', 'Investigator');
export const CO = user(8, 'Cole', 'Proposer');

function field(
  id: string,
  dataType: string,
  question: string,
  value: unknown,
  config: Record<string, unknown> = {},
) {
  return {
    answerId: value === null ? null : `50:${id}`,
    config: { required: false, small_label: '', tooltip: '', ...config },
    dependenciesOperator: 'AND',
    sortOrder: 0,
    topicId: 1,
    value,
    question: { id, naturalKey: id, question, dataType },
    dependencies: [],
  };
}

/** A proposal as getProposal returns it: a basis step and a second step with a text and a boolean question. */
export function proposalFixture(overrides: Record<string, unknown> = {}, complete = true) {
  return {
    primaryKey: 5,
    proposalId: '000005',
    title: 'Magnetic order',
    abstract: 'We will measure it.',
    statusId: 1,
    status: { id: 1, name: 'Draft', shortCode: 'DRAFT' },
    publicStatus: 'draft',
    submitted: false,
    submittedDate: null,
    created: '2025-03-04T10:00:00.000Z',
    updated: '2025-03-04T10:00:00.000Z',
    callId: 1,
    questionaryId: 50,
    proposerId: 7,
    proposer: PI,
    users: [CO],
    coProposerInvites: [],
    call: {
      id: 1,
      shortCode: 'CALL-1',
      title: 'Spring call',
      isActive: true,
      isActiveInternal: true,
      endCall: '2030-01-01T00:00:00.000Z',
      endCallInternal: '2030-01-01T00:00:00.000Z',
      templateId: 1,
    },
    questionary: {
      questionaryId: 50,
      isCompleted: complete,
      steps: [
        {
          isCompleted: complete,
          topic: { id: 1, title: 'New proposal', sortOrder: 0, isEnabled: true },
          fields: [field('proposal_basis', 'PROPOSAL_BASIS', 'Proposal basis', null, { questionLabel: '' })],
        },
        {
          isCompleted: complete,
          topic: { id: 2, title: 'Experiment', sortOrder: 1, isEnabled: true },
          fields: [
            field('aim', 'TEXT_INPUT', 'What is the aim?', complete ? 'Find the order' : null, {
              min: null,
              max: null,
              multiline: false,
              placeholder: '',
              htmlQuestion: null,
              isHtmlQuestion: false,
              isCounterHidden: false,
            }),
            field('cold', 'BOOLEAN', 'Is cooling needed?', complete ? true : null),
          ].map((f) => ({ ...f, topicId: 2 })),
        },
      ],
    },
    ...overrides,
  };
}
