import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { mergeInstitutionsSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { ExecuteInstitutionCommand } from '../execute-institution-command';

@Resolver()
export class MergeInstitutionsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstitutionsRepository,
  ) {}

  @Mutation(() => InstitutionModel, {
    nullable: true,
    description:
      'Merges one institution into another under a new title; its users move over and it is closed. ' +
      'Returns the institution merged into',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async mergeInstitutions(
    @Args('institutionIdFrom', { type: () => Int }) institutionIdFrom: number,
    @Args('institutionIdInto', { type: () => Int }) institutionIdInto: number,
    @Args('newTitle') newTitle: string,
  ): Promise<InstitutionModel | null> {
    const valid = await validateInput(mergeInstitutionsSchema, {
      institutionIdFrom,
      institutionIdInto,
      newTitle,
    });
    const { institutionIdFrom: from, institutionIdInto: into } = valid;
    await this.commands.execute(
      new ExecuteInstitutionCommand({
        kind: 'merge',
        into: {
          type: 'MergeInstitutionInto',
          institutionIdFrom: from,
          institutionIdInto: into,
          newTitle: valid.newTitle,
          namesakes: await this.repository.namesakes(valid.newTitle),
        },
        away: { type: 'MergeInstitutionAway', id: from, into },
      }),
    );
    return this.repository.byId(into);
  }
}
