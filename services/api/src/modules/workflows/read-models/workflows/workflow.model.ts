import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { StatusActionType, WorkflowType } from '@user-office/contracts';
import GraphQLJSON from 'graphql-type-json';

@ObjectType('Status', { description: 'A status proposals (or experiments) move through (§3 Status)' })
export class StatusModel {
  @Field(() => Int)
  id!: number;
  @Field({ description: 'upper case letters, digits and underscore; unique per entity type; immutable' })
  shortCode!: string;
  @Field()
  name!: string;
  @Field()
  description!: string;
  @Field({ description: 'one of the statuses the system starts with (cannot be deleted)' })
  isDefault!: boolean;
  @Field(() => WorkflowType)
  entityType!: WorkflowType;
}

@ObjectType('ConnectionStatusAction', {
  description: 'A status action on a connection: runs when a proposal reaches the connection status',
})
export class ConnectionStatusActionModel {
  @Field(() => Int)
  actionId!: number;
  @Field(() => StatusActionType)
  actionType!: StatusActionType;
  @Field({ description: "the action's name (Email action, RabbitMQ action)" })
  name!: string;
  @Field(() => GraphQLJSON, { description: "the action's config (see StatusAction.defaultConfig)" })
  config!: Record<string, unknown>;
  @Field(() => Int)
  connectionId!: number;
  @Field(() => Int)
  workflowId!: number;
}

@ObjectType('WorkflowConnection', {
  description:
    'A status in a workflow: reached from prevStatusId once all its statusChangingEvents happened; runs its statusActions then',
})
export class WorkflowConnectionModel {
  @Field(() => Int)
  id!: number;
  @Field(() => Int, { description: 'position in its group (0, 1, …)' })
  sortOrder!: number;
  @Field(() => Int)
  workflowId!: number;
  @Field(() => Int)
  statusId!: number;
  @Field(() => StatusModel)
  status!: StatusModel;
  @Field(() => Int, { nullable: true, description: 'the next status in the same group (null at its end)' })
  nextStatusId!: number | null;
  @Field(() => Int, {
    nullable: true,
    description:
      "the status before it (for a branch's first status: the parent group's last); null for the initial status",
  })
  prevStatusId!: number | null;
  @Field()
  droppableGroupId!: string;
  @Field(() => String, { nullable: true })
  parentDroppableGroupId!: string | null;
  @Field(() => [String], { description: 'the status-changing events it waits for (all of them)' })
  statusChangingEvents!: string[];
  @Field(() => [ConnectionStatusActionModel])
  statusActions!: ConnectionStatusActionModel[];
}

@ObjectType('WorkflowConnectionGroup', {
  description: 'A line of statuses; a group with a parent is a branch from the last status of its parent',
})
export class WorkflowConnectionGroupModel {
  @Field()
  groupId!: string;
  @Field(() => String, { nullable: true })
  parentGroupId!: string | null;
  @Field(() => [WorkflowConnectionModel])
  connections!: WorkflowConnectionModel[];
}

@ObjectType('Workflow', { description: 'A graph of statuses joined by connections (§3 Workflow)' })
export class WorkflowModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  description!: string;
  @Field(() => WorkflowType)
  entityType!: WorkflowType;
  @Field({ description: 'one of the workflows the system starts with (cannot be deleted)' })
  isDefault!: boolean;
  @Field(() => [WorkflowConnectionGroupModel], { description: 'the main group first, then the branches' })
  workflowConnectionGroups!: WorkflowConnectionGroupModel[];
}

@InputType('IndexWithGroupId', { description: 'A position in a connection group' })
export class IndexWithGroupIdInput {
  @Field(() => Int)
  index!: number;
  @Field()
  droppableId!: string;
}

@InputType('ConnectionStatusActionInput')
export class ConnectionStatusActionInput {
  @Field(() => Int)
  actionId!: number;
  @Field(() => StatusActionType)
  actionType!: StatusActionType;
  @Field(() => String, { nullable: true, description: "the action's config as JSON text" })
  config?: string | null;
}
