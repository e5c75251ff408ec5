export { PredefinedMessagesModule } from './predefined-messages.module';
