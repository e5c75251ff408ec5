import { Field, ObjectType } from '@nestjs/graphql';
import { FeatureId, SettingsId } from '@user-office/contracts';

@ObjectType('Settings', { description: 'A facility setting (§3 Setting ids)' })
export class SettingsModel {
  @Field(() => SettingsId)
  id!: SettingsId;

  @Field()
  settingsValue!: string;

  @Field()
  description!: string;
}

@ObjectType('Feature', { description: 'A feature that can be switched on or off (§3 Feature ids)' })
export class FeatureModel {
  @Field(() => FeatureId)
  id!: FeatureId;

  @Field()
  isEnabled!: boolean;

  @Field()
  description!: string;
}
