import { Inject } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import {
  EMAIL_TEMPLATES,
  RABBITMQ_ACTION_ID,
  Role,
  STATUS_ACTIONS,
  rabbitMqDefaultConfig,
  statusChangingEventsOf,
  WorkflowType,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { Authenticated, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { EmailTemplateModel, StatusActionModel, WorkflowEventModel } from './catalogue.model';

/** The catalogues of contracts/ a workflow editor picks from: status-changing events, actions, e-mail templates. */
@Resolver()
export class GetWorkflowCataloguesResolver {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

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

  @Query(() => [StatusActionModel], {
    description:
      "The kinds of status action, with their default config; the RabbitMQ action's also gives its profiles, " +
      'defaultProfile (RABBITMQ_DEFAULT_PROFILE: an action naming none) and compatibleExchanges (RABBITMQ_EXCHANGES: ' +
      'where a compatible action naming no exchange publishes)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  getStatusActions(): StatusActionModel[] {
    return STATUS_ACTIONS.map((action) => ({
      ...action,
      defaultConfig: JSON.parse(
        JSON.stringify(
          action.id === RABBITMQ_ACTION_ID
            ? rabbitMqDefaultConfig({
                profile: this.config.rabbitmqDefaultProfile,
                compatibleExchanges: this.config.rabbitmqExchanges,
              })
            : action.defaultConfig,
        ),
      ) as Record<string, unknown>,
    }));
  }

  @Query(() => [EmailTemplateModel], { description: 'The e-mail templates an e-mail status action can send' })
  @RolesAllowed(Role.USER_OFFICER)
  getEmailTemplates(): EmailTemplateModel[] {
    return EMAIL_TEMPLATES.map((template) => ({ ...template }));
  }
}
