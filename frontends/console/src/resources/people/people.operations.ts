import type { DeleteParams, GetListParams, GetOneParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleDeleteUserDocument,
  ConsolePeopleDocument,
  ConsolePersonDocument,
  ConsoleRolesDocument,
  type UserRole,
} from '../../gql/graphql';

/** getUsers' orderBy for the table's sortable columns. */
const ORDER_BY: Record<string, string> = {
  id: 'id',
  firstname: 'firstname',
  lastname: 'lastname',
  email: 'email',
  created: 'created',
};

/**
 * People (`/console/People`, officer): getList → getUsers(filter, first, offset, orderBy, orderDirection,
 * userRole), the search sent from 3 characters (§5); getOne → getUser(userId) with the roles; delete →
 * deleteUser(id). Roles, impersonation and invitations are commands (admin-commands.ts).
 */
export const peopleOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as { q?: string; userRole?: UserRole };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const text = (filter.q ?? '').trim();
    const orderBy = params.sort ? ORDER_BY[params.sort.field] : undefined;
    return operation(
      ConsolePeopleDocument,
      {
        filter: text.length >= 3 ? text : undefined,
        first: perPage,
        offset: (page - 1) * perPage,
        userRole: filter.userRole || undefined,
        ...(orderBy
          ? { orderBy, orderDirection: params.sort?.order === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
          : {}),
      },
      (data) => ({ data: data.getUsers.users, total: data.getUsers.totalCount }),
    );
  },
  GET_ONE: (params: GetOneParams) =>
    operation(ConsolePersonDocument, { userId: Number(params.id) }, (data) => {
      if (!data.getUser) throw new Error('User not available');
      return { data: data.getUser };
    }),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteUserDocument, { id: Number(params.id) }, (data) => ({
      data: { id: data.deleteUser.id },
    })),
};

/** Roles (the roles editor's choices): getList → getRoles. */
export const rolesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleRolesDocument, {}, (data) => pageOf(data.getRoles, params)),
};
