import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Role', { description: 'A role a user can hold (§3 Role)' })
export class RoleModel {
  @Field(() => Int)
  id!: number;
  @Field({ description: 'upper case, e.g. USER_OFFICER' })
  shortCode!: string;
  @Field()
  title!: string;
  @Field()
  description!: string;
}

@ObjectType('BasicUserDetails', { description: 'What others may see of a user' })
export class BasicUserDetailsModel {
  @Field(() => Int)
  id!: number;
  @Field()
  firstname!: string;
  @Field()
  lastname!: string;
  @Field(() => String, { nullable: true })
  preferredname!: string | null;
  @Field(() => Int, { nullable: true })
  institutionId!: number | null;
  @Field(() => String, { nullable: true })
  position!: string | null;
  @Field()
  created!: Date;
  @Field()
  placeholder!: boolean;
  @Field(() => String, { nullable: true, description: 'shown to officers and in e-mail searches only' })
  email!: string | null;
}

@ObjectType('User', { description: 'A person using the user office (§3 User)' })
export class UserModel {
  @Field(() => Int)
  id!: number;
  @Field(() => String, { nullable: true })
  user_title!: string | null;
  @Field(() => String, { nullable: true })
  username!: string | null;
  @Field()
  firstname!: string;
  @Field()
  lastname!: string;
  @Field(() => String, { nullable: true })
  preferredname!: string | null;
  @Field(() => String, { nullable: true })
  gender!: string | null;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd' })
  birthdate!: string | null;
  @Field(() => Int, { nullable: true })
  institutionId!: number | null;
  @Field(() => String, { nullable: true })
  department!: string | null;
  @Field(() => String, { nullable: true })
  position!: string | null;
  @Field()
  email!: string;
  @Field(() => String, { nullable: true })
  telephone!: string | null;
  @Field(() => String, { nullable: true })
  oidcSub!: string | null;
  @Field()
  placeholder!: boolean;
  @Field()
  created!: Date;
  @Field(() => Int, { nullable: true, description: 'a country id (getCountries)' })
  country!: number | null;
}

@ObjectType('UserQueryResult')
export class UserQueryResultModel {
  @Field(() => [BasicUserDetailsModel])
  users!: BasicUserDetailsModel[];
  @Field(() => Int)
  totalCount!: number;
}
