import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteInstitutionSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { INSTITUTIONS_PROJECTION } from '../../read-models/institutions/institutions.projection';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { DeleteInstitutionCommand } from './delete-institution.command';

@Resolver()
export class DeleteInstitutionResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: InstitutionsRepository,
  ) {}

  @Mutation(() => InstitutionModel, { nullable: true, description: 'Deletes an institution; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteInstitution(@Args('id', { type: () => Int }) id: number): Promise<InstitutionModel | null> {
    const valid = await validateInput(deleteInstitutionSchema, { id });
    const { position } = await this.commands.execute(new DeleteInstitutionCommand(valid.id));
    if (position !== null) await this.projections.waitFor(position, [INSTITUTIONS_PROJECTION]);
    return this.repository.byId(valid.id, { includeDeleted: true });
  }
}
