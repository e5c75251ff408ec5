import { Field, InputType } from '@nestjs/graphql';
import { SettingsId } from '@user-office/contracts';

@InputType()
export class UpdateSettingsInput {
  @Field(() => SettingsId)
  settingsId!: SettingsId;

  @Field(() => String, { nullable: true })
  settingsValue?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;
}
