import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import type { SessionUser } from '../../../../platform/auth/session';
import { Role } from '@user-office/contracts';
import { basicUserDetails, type BasicUserDetailsModel, type UsersService } from '../../../users';
import type { InstrumentsRepository, InstrumentRecord } from './instruments.repository';

/** The scientists' basic details, in one batch per request (e-mail for officers only). */
export async function scientistsOf(
  ids: readonly number[],
  users: UsersService,
  session: SessionUser | null,
  context: GraphqlContext,
): Promise<BasicUserDetailsModel[]> {
  const withEmail = session?.currentRole === Role.USER_OFFICER;
  const loader = context.loaders.get<number, BasicUserDetailsModel | null>(
    `instruments.scientist.${withEmail}`,
    async (keys) => {
      const found = new Map((await users.byIds(keys)).map((u) => [u.id, u]));
      return keys.map((id) => {
        const u = found.get(id);
        return u ? basicUserDetails(u, withEmail) : null;
      });
    },
  );
  const people = await loader.loadMany([...ids]);
  return people.filter((p): p is BasicUserDetailsModel => p !== null && !(p instanceof Error));
}

/** Instruments by id, in one batch per request. */
export async function instrumentsOf(
  ids: readonly number[],
  repository: InstrumentsRepository,
  context: GraphqlContext,
): Promise<InstrumentRecord[]> {
  const loader = context.loaders.get<number, InstrumentRecord | null>('instruments.byId', async (keys) => {
    const found = new Map((await repository.byIds(keys)).map((i) => [i.id, i]));
    return keys.map((id) => found.get(id) ?? null);
  });
  const list = await loader.loadMany([...ids]);
  return list.filter((i): i is InstrumentRecord => i !== null && !(i instanceof Error));
}
