import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteInstitutionSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { ExecuteInstitutionCommand } from '../execute-institution-command';

@Resolver()
export class DeleteInstitutionResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: InstitutionsRepository,
  ) {}

  @Mutation(() => InstitutionModel, { nullable: true, description: 'Deletes an institution; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteInstitution(@Args('id', { type: () => Int }) id: number): Promise<InstitutionModel | null> {
    const valid = await validateInput(deleteInstitutionSchema, { id });
    await this.commands.execute(
      new ExecuteInstitutionCommand({
        kind: 'institution',
        institutionId: valid.id,
        command: { type: 'DeleteInstitution', id: valid.id },
      }),
    );
    return this.repository.byId(valid.id, { includeDeleted: true });
  }
}
