import {
  Args,
  Context,
  GraphQLISODateTime,
  Int,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { AccessRegistry } from '../../../../platform/auth/access-registry';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { SYSTEM_ACTOR } from '../../../../platform/identity/user-directory.port';

import { storeInstant as instant } from '../../../../platform/validation/instant';
import { ProposalAsOfModel, ProposalChangeModel } from './proposal-history.model';
import { ProposalHistory, type ProposalFieldChange } from './proposal-history.service';

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

export function toChangeModel(c: ProposalFieldChange): ProposalChangeModel {
  return { ...c, before: json(c.before), after: json(c.after) };
}

/** As of and what changed (issue 32): officers only. */
@Resolver(() => ProposalChangeModel)
export class ProposalHistoryResolver {
  constructor(
    private readonly history: ProposalHistory,
    private readonly access: AccessRegistry,
  ) {}

  @Query(() => ProposalAsOfModel, {
    description: 'A proposal as it stood at an instant, folded from its events (officers; auditors)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async proposalAsOf(
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('at', { type: () => GraphQLISODateTime }) at: Date,
  ): Promise<ProposalAsOfModel> {
    const r = await this.history.asOf(proposalPk, instant(at));
    const f = r.fields;
    return {
      ...r,
      proposalId: (f.proposalId as string | undefined) ?? null,
      title: (f.title as string | undefined) ?? null,
      abstract: (f.abstract as string | undefined) ?? null,
      statusId: (f.status as number | undefined) ?? null,
      submitted: (f.submitted as boolean | undefined) ?? null,
      fields: Object.entries(f).map(([name, value]) => ({
        name,
        value: json(value),
        question: r.questions.get(name) ?? null,
      })),
      questionary: r.questionary.map((step) => ({
        title: step.title,
        answers: step.answers.map((a) => ({ ...a, value: a.answered ? json(a.value) : null })),
      })),
    };
  }

  @Query(() => [ProposalChangeModel], {
    description:
      'What changed in a proposal after `from` up to `to`: who, when, which field, before → after (officers)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async proposalChanges(
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('from', { type: () => GraphQLISODateTime }) from: Date,
    @Args('to', { type: () => GraphQLISODateTime }) to: Date,
  ): Promise<ProposalChangeModel[]> {
    const [start, end] = [instant(from), instant(to)];
    if (end.getTime() < start.getTime()) throw badInput('The end of the period is before its start');
    return (await this.history.changes(proposalPk, start, end)).map(toChangeModel);
  }

  @ResolveField(() => String, { description: 'the name of who made the change, or "System"' })
  changedBy(@Parent() c: ProposalChangeModel, @Context() ctx: GraphqlContext): Promise<string> {
    return c.changedById === null ? Promise.resolve(SYSTEM_ACTOR) : this.name(ctx, c.changedById);
  }

  @ResolveField(() => String, { nullable: true, description: 'the name of the impersonating officer' })
  impersonatedBy(@Parent() c: ProposalChangeModel, @Context() ctx: GraphqlContext): Promise<string | null> {
    return c.impersonatedById === null ? Promise.resolve(null) : this.name(ctx, c.impersonatedById);
  }

  private name(ctx: GraphqlContext, id: number): Promise<string> {
    const loader = ctx.loaders.get<number, string>('user-display-name', async (ids) => {
      const names = await this.access.userDirectory.displayNames(ids);
      return ids.map((i) => names.get(i) ?? `User #${i}`);
    });
    return loader.load(id);
  }
}
