export { NotificationsModule } from './notifications.module';
export { MailerService, type SentMail } from './mailer.service';
