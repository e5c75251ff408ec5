export { UsersModule } from './users.module';
export { UsersService, EMAIL_TAKEN, type NewUser } from './users.service';
export type { UserRecord } from './read-models/users/users.repository';
export { BasicUserDetailsModel } from './read-models/users/user.models';
export { basic as basicUserDetails } from './read-models/users/get-users.resolver';
