import type { GraphqlTransport } from '../app/graphql-transport';
import {
  ConsoleImpersonateDocument,
  ConsoleImportUnitsDocument,
  ConsoleInviteUserDocument,
  ConsoleMergeInstitutionsDocument,
  ConsoleReplayStatusActionsLogDocument,
  ConsoleUnitsAsJsonDocument,
  ConsoleUpdateUserRolesDocument,
  ConsoleValidateUnitsImportDocument,
  type ConflictResolution,
  type ConsoleImpersonateMutation,
  type ConsoleInviteUserMutationVariables,
  type ConsoleUnitsAsJsonQuery,
  type ConsoleValidateUnitsImportMutation,
} from '../gql/graphql';

export type UnitsImport = ConsoleValidateUnitsImportMutation['validateUnitsImport'];

/**
 * The administration pages' commands that are not react-admin's create / update / delete: each is one §7
 * operation, sent by an explicit button.
 */
export interface AdminCommands {
  /** replayStatusActionsLog(statusActionsLogId) */
  replayStatusActionsLog(statusActionsLogId: number): Promise<void>;
  /** updateUserRoles(id, roles) */
  updateUserRoles(id: number, roles: number[]): Promise<void>;
  /** getTokenForUser(userId): the session token of the user to impersonate */
  impersonate(userId: number): Promise<string>;
  /** createUserByEmailInvite(firstname, lastname, email, userRole): the new user's id */
  inviteUser(variables: ConsoleInviteUserMutationVariables): Promise<number>;
  /** mergeInstitutions(institutionIdFrom, institutionIdInto, newTitle) */
  mergeInstitutions(institutionIdFrom: number, institutionIdInto: number, newTitle: string): Promise<void>;
  /** getUnitsAsJson: the export file */
  unitsAsJson(): Promise<string>;
  /** validateUnitsImport(unitsAsJson): the file's errors and each unit compared (SAME, NEW, DIFFERENT) */
  validateUnitsImport(unitsAsJson: string): Promise<UnitsImport>;
  /** importUnits(json, conflictResolutions): the ids imported */
  importUnits(json: string, conflictResolutions: ConflictResolution[]): Promise<string[]>;
}

export function adminCommands(transport: GraphqlTransport): AdminCommands {
  const run = transport.mutate;
  return {
    replayStatusActionsLog: async (statusActionsLogId) => {
      await run({ mutation: ConsoleReplayStatusActionsLogDocument, variables: { statusActionsLogId } });
    },
    updateUserRoles: async (id, roles) => {
      await run({ mutation: ConsoleUpdateUserRolesDocument, variables: { id, roles } });
    },
    impersonate: async (userId) => {
      const { data } = await run({ mutation: ConsoleImpersonateDocument, variables: { userId } });
      return (data as ConsoleImpersonateMutation).getTokenForUser;
    },
    inviteUser: async (variables) => {
      const { data } = await run({ mutation: ConsoleInviteUserDocument, variables: { ...variables } });
      return (data as { createUserByEmailInvite: number }).createUserByEmailInvite;
    },
    mergeInstitutions: async (institutionIdFrom, institutionIdInto, newTitle) => {
      await run({
        mutation: ConsoleMergeInstitutionsDocument,
        variables: { institutionIdFrom, institutionIdInto, newTitle },
      });
    },
    unitsAsJson: async () => {
      const { data } = await transport.query({ query: ConsoleUnitsAsJsonDocument });
      return (data as ConsoleUnitsAsJsonQuery).getUnitsAsJson ?? '';
    },
    validateUnitsImport: async (unitsAsJson) => {
      const { data } = await run({
        mutation: ConsoleValidateUnitsImportDocument,
        variables: { unitsAsJson },
      });
      return (data as ConsoleValidateUnitsImportMutation).validateUnitsImport;
    },
    importUnits: async (json, conflictResolutions) => {
      const { data } = await run({
        mutation: ConsoleImportUnitsDocument,
        variables: { json, conflictResolutions },
      });
      return ((data as { importUnits: { id: string }[] | null }).importUnits ?? []).map((u) => u.id);
    },
  };
}
