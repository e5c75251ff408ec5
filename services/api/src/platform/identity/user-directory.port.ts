/**
 * How other modules learn a user's display name without importing the users module.
 * The identity module (next issue) provides the real directory; until then users show as "User #id".
 */
export interface UserDirectory {
  displayNames(userIds: readonly number[]): Promise<Map<number, string>>;
}

export const SYSTEM_ACTOR = 'System';

export const anonymousUserDirectory: UserDirectory = {
  async displayNames(userIds) {
    return new Map(userIds.map((id) => [id, `User #${id}`]));
  },
};
