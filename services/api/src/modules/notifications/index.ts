export { NotificationsModule } from './notifications.module';
export { MailerService, SEND_EMAIL_JOB, type Delivery, type SentMail } from './mailer.service';
export { renderEmailTemplate, type RenderedEmail } from './render-email-template';
