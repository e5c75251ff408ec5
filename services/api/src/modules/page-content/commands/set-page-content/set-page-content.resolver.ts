import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { PageName, Role, setPageContentSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PageContentRepository } from '../../read-models/page-content/page-content.repository';
import { PageModel } from '../../read-models/page-content/page.model';
import { ExecutePageContentCommand } from '../execute-page-content-command';

@Resolver()
export class SetPageContentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: PageContentRepository,
  ) {}

  @Mutation(() => PageModel, {
    description: 'Sets the HTML of a content page (sanitised on the server); returns the page as saved',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async setPageContent(
    @Args('pageId', { type: () => PageName }) pageId: PageName,
    @Args('content', { type: () => String }) content: string,
  ): Promise<PageModel> {
    const valid = await validateInput(setPageContentSchema, { pageId, content });
    await this.commands.execute(
      new ExecutePageContentCommand({ type: 'SetPageContent', pageId: valid.pageId, content: valid.content }),
    );
    return { id: valid.pageId, content: await this.repository.content(valid.pageId) };
  }
}
