import type { GetListParams } from 'ra-core';
import { request } from '@user-office/frontend-shared/graphql-client';
import { operation, type ResourceOperations } from '../../app/operations';
import { pageOf } from '../../app/local-list';
import {
  ConsoleApproveVisitRegistrationsDocument,
  ConsoleCancelVisitRegistrationDocument,
  ConsoleRequestVisitRegistrationChangesDocument,
  ConsoleVisitRegistrationsDocument,
  type ConsoleVisitRegistrationFragment,
  type ConsoleVisitRegistrationsQuery,
} from '../../gql/graphql';
import { registrationRowId, statusFilterOf } from './visit-registration-rules';

type Visit = ConsoleVisitRegistrationsQuery['visits'][number];

/** One row of the list: a registration with its visit's experiment and proposal. */
export type VisitRegistrationRow = ConsoleVisitRegistrationFragment & {
  id: string;
  visitor: string;
  isTeamLead: boolean;
  proposalId: string;
  proposalTitle: string;
  experimentId: string;
  instrument: string;
  experimentStartsAt: string | null;
};

const personName = (u: ConsoleVisitRegistrationFragment['user']): string =>
  u ? `${u.preferredname || u.firstname} ${u.lastname}`.trim() : '';

function rowsOf(visits: readonly Visit[]): VisitRegistrationRow[] {
  return visits.flatMap((visit) =>
    visit.registrations.map((r) => ({
      ...r,
      id: registrationRowId(r.visitId, r.userId),
      visitor: personName(r.user),
      isTeamLead: r.userId === visit.teamLeadUserId,
      proposalId: visit.experiment?.proposal?.proposalId ?? '',
      proposalTitle: visit.experiment?.proposal?.title ?? '',
      experimentId: visit.experiment?.experimentId ?? '',
      instrument: visit.experiment?.instrument?.name ?? '',
      experimentStartsAt: (visit.experiment?.startsAt as string | undefined) ?? null,
    })),
  );
}

/** getList → visits (officers: all), one row per registration, filtered by `status` (the address's). */
export const visitRegistrationsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleVisitRegistrationsDocument, {}, (data) => {
      const status = statusFilterOf((params.filter as { status?: unknown } | undefined)?.status);
      const rows = rowsOf(data.visits).filter((r) => status === 'ALL' || r.status === status);
      return pageOf(rows, params);
    }),
};

type Key = { visitId: number; userId: number };

/** The user office's commands on registrations (§7): approve and request changes (several at once), cancel. */
export const visitRegistrationCommands = {
  approve: (registrations: Key[]) => request(ConsoleApproveVisitRegistrationsDocument, { registrations }),
  requestChanges: (registrations: Key[]) =>
    request(ConsoleRequestVisitRegistrationChangesDocument, { registrations }),
  cancel: ({ visitId, userId }: Key) => request(ConsoleCancelVisitRegistrationDocument, { visitId, userId }),
};
