import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runsApi, type AppConfig } from './platform/config/app-config';
import { GraphqlPlatformModule } from './platform/graphql/graphql-platform.module';
import { PlatformModule } from './platform/platform.module';
import { EventLogsModule } from './modules/event-logs';
import { SettingsModule } from './modules/settings';

/** The domain modules, in the order later issues add them. */
const DOMAIN_MODULES = [EventLogsModule, SettingsModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config),
        CqrsModule.forRoot(),
        ...(runsApi(config) ? [GraphqlPlatformModule] : []),
        ...DOMAIN_MODULES,
      ],
    };
  }
}
