import { Field, Int, ObjectType } from '@nestjs/graphql';
import { StatusActionType, WorkflowType } from '@user-office/contracts';
import GraphQLJSON from 'graphql-type-json';

@ObjectType('WorkflowEvent', { description: 'A status-changing event a connection can wait for' })
export class WorkflowEventModel {
  @Field()
  name!: string;
  @Field()
  description!: string;
  @Field(() => WorkflowType)
  entityType!: WorkflowType;
}

@ObjectType('StatusAction', { description: 'A kind of status action (§3 Status action)' })
export class StatusActionModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field(() => StatusActionType)
  type!: StatusActionType;
  @Field()
  description!: string;
  @Field(() => GraphQLJSON, { description: 'the empty config and the choices the editor offers' })
  defaultConfig!: Record<string, unknown>;
}

@ObjectType('EmailTemplate', {
  description: 'An e-mail an e-mail status action can send; {{placeholders}} are filled when it is sent',
})
export class EmailTemplateModel {
  @Field()
  id!: string;
  @Field()
  name!: string;
  @Field()
  description!: string;
  @Field(() => WorkflowType)
  entityType!: WorkflowType;
  @Field()
  subject!: string;
  @Field({ description: 'the plain-text body' })
  text!: string;
  @Field({ description: 'the HTML body' })
  html!: string;
}
