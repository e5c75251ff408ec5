import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updateInstitutionSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { INSTITUTIONS_PROJECTION } from '../../read-models/institutions/institutions.projection';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { UpdateInstitutionCommand } from './update-institution.command';

@Resolver()
export class UpdateInstitutionResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: InstitutionsRepository,
  ) {}

  @Mutation(() => InstitutionModel, {
    nullable: true,
    description: 'Changes the name, country and ROR id of an institution; returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateInstitution(
    @Args('id', { type: () => Int }) id: number,
    @Args('name') name: string,
    @Args('country', { type: () => Int }) country: number,
    @Args('rorId', { type: () => String, nullable: true }) rorId: string | null,
  ): Promise<InstitutionModel | null> {
    const valid = await validateInput(updateInstitutionSchema, { id, name, country, rorId });
    const { position } = await this.commands.execute(
      new UpdateInstitutionCommand(valid.id, valid.name, valid.country, valid.rorId ?? null),
    );
    if (position !== null) await this.projections.waitFor(position, [INSTITUTIONS_PROJECTION]);
    return this.repository.byId(valid.id);
  }
}
