import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updateInstitutionSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstitutionModel } from '../../read-models/institutions/institution.model';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { ExecuteInstitutionCommand } from '../execute-institution-command';

@Resolver()
export class UpdateInstitutionResolver {
  constructor(
    private readonly commands: CommandBus,
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
    const namesakes = await this.repository.namesakes(valid.name);
    await this.commands.execute(
      new ExecuteInstitutionCommand({
        kind: 'institution',
        institutionId: valid.id,
        command: {
          type: 'UpdateInstitution',
          id: valid.id,
          name: valid.name,
          country: valid.country,
          rorId: valid.rorId ?? null,
          namesakes,
        },
      }),
    );
    return this.repository.byId(valid.id);
  }
}
