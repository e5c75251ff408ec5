import { Field, InputType } from '@nestjs/graphql';
import { FeatureId, FeatureUpdateAction } from '@user-office/contracts';

@InputType()
export class UpdateFeaturesInput {
  @Field(() => [FeatureId])
  featureIds!: FeatureId[];

  @Field(() => FeatureUpdateAction)
  action!: FeatureUpdateAction;
}
