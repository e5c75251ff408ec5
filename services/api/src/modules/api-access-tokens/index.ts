export { ApiAccessTokensModule } from './api-access-tokens.module';
