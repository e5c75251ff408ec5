import { Args, Query, Resolver } from '@nestjs/graphql';
import { PageName } from '@user-office/contracts';
import { Public } from '../../../../platform/auth/policy.decorators';
import { PageContentRepository } from './page-content.repository';

/** Public: the login help, footer, cookie and privacy pages are shown before anyone logs in. */
@Resolver()
export class GetPageContentResolver {
  constructor(private readonly repository: PageContentRepository) {}

  @Query(() => String, {
    nullable: true,
    description: 'The sanitised HTML of a content page ("" when it was never set)',
  })
  @Public()
  getPageContent(@Args('pageId', { type: () => PageName }) pageId: PageName): Promise<string> {
    return this.repository.content(pageId);
  }
}
