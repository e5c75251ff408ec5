import { Module } from '@nestjs/common';
import { AddClientLogResolver } from './commands/add-client-log/add-client-log.resolver';
import { ExecutePageContentCommandHandler } from './commands/execute-page-content-command';
import { SetPageContentResolver } from './commands/set-page-content/set-page-content.resolver';
import { GetPageContentResolver } from './read-models/page-content/get-page-content.resolver';
import { PageContentProjection } from './read-models/page-content/page-content.projection';
import { PageContentRepository } from './read-models/page-content/page-content.repository';

/** Content pages (§7 getPageContent, setPageContent) and client error reports (addClientLog). */
@Module({
  providers: [
    PageContentProjection,
    PageContentRepository,
    GetPageContentResolver,
    ExecutePageContentCommandHandler,
    SetPageContentResolver,
    AddClientLogResolver,
  ],
})
export class PageContentModule {}
