import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { mergeInstitutionsSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { INSTITUTIONS_PROJECTION } from '../../read-models/institutions/institutions.projection';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { MergeInstitutionsCommand } from './merge-institutions.command';

@Resolver()
export class MergeInstitutionsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
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
    const { position } = await this.commands.execute(
      new MergeInstitutionsCommand(valid.institutionIdFrom, valid.institutionIdInto, valid.newTitle),
    );
    if (position !== null) await this.projections.waitFor(position, [INSTITUTIONS_PROJECTION]);
    return this.repository.byId(valid.institutionIdInto);
  }
}
