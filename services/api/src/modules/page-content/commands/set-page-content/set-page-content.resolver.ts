import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { PageName, Role, setPageContentSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PAGE_CONTENT_PROJECTION } from '../../read-models/page-content/page-content.projection';
import { PageContentRepository } from '../../read-models/page-content/page-content.repository';
import { PageModel } from '../../read-models/page-content/page.model';
import { SetPageContentCommand } from './set-page-content.command';

@Resolver()
export class SetPageContentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
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
    const { position } = await this.commands.execute(new SetPageContentCommand(valid.pageId, valid.content));
    if (position !== null) await this.projections.waitFor(position, [PAGE_CONTENT_PROJECTION]);
    return { id: valid.pageId, content: await this.repository.content(valid.pageId) };
  }
}
