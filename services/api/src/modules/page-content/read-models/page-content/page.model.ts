import { Field, ObjectType } from '@nestjs/graphql';
import { PageName } from '@user-office/contracts';

@ObjectType('Page', { description: 'An editable content page (§3 Page names) and its sanitised HTML' })
export class PageModel {
  @Field(() => PageName, { nullable: true })
  id!: PageName;

  @Field(() => String, { nullable: true, description: 'sanitised HTML; empty when the page was never set' })
  content!: string;
}
