import { Args, Query, Resolver } from '@nestjs/graphql';
import {
  EMAIL_TEMPLATES,
  Role,
  STATUS_ACTIONS,
  statusChangingEventsOf,
  WorkflowType,
} from '@user-office/contracts';
import { Authenticated, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { EmailTemplateModel, StatusActionModel, WorkflowEventModel } from './catalogue.model';

/** The catalogues of contracts/ a workflow editor picks from: status-changing events, actions, e-mail templates. */
@Resolver()
export class GetWorkflowCataloguesResolver {
  @Query(() => [WorkflowEventModel], {
    description: 'The status-changing events a connection can wait for (of an entity type, or all)',
  })
  @Authenticated()
  getWorkflowEvents(
    @Args('entityType', { type: () => WorkflowType, nullable: true }) entityType?: WorkflowType | null,
  ): WorkflowEventModel[] {
    return statusChangingEventsOf(entityType).map(({ name, description, entityType: type }) => ({
      name,
      description,
      entityType: type,
    }));
  }

  @Query(() => [StatusActionModel], { description: 'The kinds of status action, with their default config' })
  @RolesAllowed(Role.USER_OFFICER)
  getStatusActions(): StatusActionModel[] {
    return STATUS_ACTIONS.map((action) => ({
      ...action,
      defaultConfig: JSON.parse(JSON.stringify(action.defaultConfig)) as Record<string, unknown>,
    }));
  }

  @Query(() => [EmailTemplateModel], { description: 'The e-mail templates an e-mail status action can send' })
  @RolesAllowed(Role.USER_OFFICER)
  getEmailTemplates(): EmailTemplateModel[] {
    return EMAIL_TEMPLATES.map((template) => ({ ...template }));
  }
}
