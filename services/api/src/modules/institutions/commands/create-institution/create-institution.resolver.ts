import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createInstitutionSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { INSTITUTIONS_PROJECTION } from '../../read-models/institutions/institutions.projection';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { CreateInstitutionCommand } from './create-institution.command';

@Resolver()
export class CreateInstitutionResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: InstitutionsRepository,
  ) {}

  @Mutation(() => InstitutionModel, { nullable: true, description: 'Creates an institution; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async createInstitution(
    @Args('name') name: string,
    @Args('country', { type: () => Int }) country: number,
    @Args('rorId', { type: () => String, nullable: true }) rorId: string | null,
  ): Promise<InstitutionModel | null> {
    const valid = await validateInput(createInstitutionSchema, { name, country, rorId });
    const { id, position } = await this.commands.execute(
      new CreateInstitutionCommand(valid.name, valid.country, valid.rorId ?? null),
    );
    if (position !== null) await this.projections.waitFor(position, [INSTITUTIONS_PROJECTION]);
    return this.repository.byId(id);
  }
}
