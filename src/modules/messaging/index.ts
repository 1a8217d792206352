export { type MailMessage, Mailer } from './mailer.port';
export { MessagingModule } from './messaging.module';
