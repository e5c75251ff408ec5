import { Injectable } from '@nestjs/common';
import { DataType, DEV_ACCOUNTS, Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { ProposalsService } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { UsersService } from '../users';
import { DEMO_SUBMITTED_PROPOSALS, type DemoSubmittedProposal } from './domain/demo-content';

/** A session of a seeded account, as the seeder acts for it (the same rules as its own requests). */
const sessionOf = (id: number, role: Role): SessionUser => ({
  id,
  roles: [role],
  currentRole: role,
  isInternalUser: false,
  impersonatingUserId: null,
  sessionId: 'demo-seed',
  issuedAt: 0,
  expiresAt: 0,
});

/**
 * The staff's work in the demo: submitted proposals of the demo applicants on the DEMO call, written by the
 * applicants through the same services as their requests (created, titled, every step answered, submitted), so
 * the staff accounts have proposals to review on a fresh start.
 */
@Injectable()
export class DemoStaffWork {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly users: UsersService,
  ) {}

  /** The demo's submitted proposals, by title; their primary keys. */
  async submitProposals(callId: number): Promise<number[]> {
    const pks: number[] = [];
    for (const demo of DEMO_SUBMITTED_PROPOSALS) pks.push(await this.submitOne(callId, demo));
    return pks;
  }

  private async userId(username: string): Promise<number> {
    const account = DEV_ACCOUNTS.find((a) => a.username === username);
    const user = account
      ? ((await this.users.byOidcSub(account.sub)) ?? (await this.users.byEmail(account.email)))
      : null;
    if (!user) throw new Error(`The demo account ${username} does not exist`);
    return user.id;
  }

  private async submitOne(callId: number, demo: DemoSubmittedProposal): Promise<number> {
    const pi = sessionOf(await this.userId(demo.pi), Role.USER);
    const coProposers = await Promise.all(demo.coProposers.map((name) => this.userId(name)));
    const proposalPk = await this.proposals.create(callId, pi);
    await this.proposals.update(pi, {
      proposalPk,
      title: demo.title,
      abstract: demo.abstract,
      users: coProposers,
    });
    const proposal = await this.proposals.existing(proposalPk);
    const questionary = await this.questionaries.existing(proposal.questionaryId);
    const { fields, topicIds } = await this.questionaries.fieldsOf(questionary.templateId);
    for (const topicId of topicIds) {
      const answers = fields
        .filter((f) => f.topicId === topicId && f.dataType === DataType.TEXT_INPUT)
        .flatMap((f) => {
          const value = demo.answers[f.naturalKey];
          return value === undefined ? [] : [{ questionId: f.questionId, value }];
        });
      await this.questionaries.answerTopic(
        await this.questionaries.existing(questionary.questionaryId),
        topicId,
        answers,
        false,
        pi,
      );
    }
    await this.proposals.submit(pi, proposalPk);
    return proposalPk;
  }
}
