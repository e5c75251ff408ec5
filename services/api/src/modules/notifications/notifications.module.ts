import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings';
import { MailerService } from './mailer.service';

/** E-mail delivery for every module (status actions, invitations). */
@Module({
  imports: [SettingsModule],
  providers: [MailerService],
  exports: [MailerService],
})
export class NotificationsModule {}
