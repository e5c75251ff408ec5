import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PermissionsWithAccessToken', {
  description: 'An API access token with the operations it may call (§3 API access token)',
})
export class PermissionsWithAccessTokenModel {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field({
    description: 'the token itself in the response of createApiAccessToken only; "********" afterwards',
  })
  accessToken!: string;

  @Field({ description: 'JSON object of the root operations the token may call: {"getCalls":true}' })
  accessPermissions!: string;
}
