import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { NotificationsModule } from '../notifications';
import { SettingsModule } from '../settings';
import { CreateUserByEmailInviteResolver } from './commands/create-user-by-email-invite/create-user-by-email-invite.resolver';
import { DeleteUserResolver } from './commands/delete-user/delete-user.resolver';
import { ExecuteUserCommandHandler } from './commands/execute-user-command';
import { SetUserNotPlaceholderResolver } from './commands/set-user-not-placeholder/set-user-not-placeholder.resolver';
import { UpdateUserRolesResolver } from './commands/update-user-roles/update-user-roles.resolver';
import { UpdateUserResolver } from './commands/update-user/update-user.resolver';
import { SendInviteEmailOnUserInvitedReaction } from './reactions/send-invite-email-on-user-invited.reaction';
import { GetUsersResolver } from './read-models/users/get-users.resolver';
import { UsersProjection } from './read-models/users/users.projection';
import { UsersRepository } from './read-models/users/users.repository';
import { UsersService } from './users.service';

/** Users, roles and invitations (§3 User, Role; §7 Auth and users). */
@Module({
  imports: [SettingsModule, NotificationsModule],
  providers: [
    UsersProjection,
    UsersRepository,
    UsersService,
    ExecuteUserCommandHandler,
    GetUsersResolver,
    UpdateUserResolver,
    UpdateUserRolesResolver,
    DeleteUserResolver,
    SetUserNotPlaceholderResolver,
    CreateUserByEmailInviteResolver,
    SendInviteEmailOnUserInvitedReaction,
  ],
  exports: [UsersService],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly access: AccessRegistry,
    private readonly users: UsersService,
  ) {}

  /** other modules show users by name through the platform's user directory */
  onModuleInit(): void {
    this.access.userDirectory = { displayNames: (ids) => this.users.displayNames(ids) };
  }
}
