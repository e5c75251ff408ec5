import { Role } from '@user-office/contracts';

/** Who may call what (§6); record-level rules (which panel) are in FapsService (assertStaffOf, assertMayReadFap). */
export const FAP_STAFF = [Role.USER_OFFICER, Role.FAP_CHAIR, Role.FAP_SECRETARY] as const;
export const FAP_MEMBERS = [
  Role.USER_OFFICER,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
  Role.FAP_REVIEWER,
] as const;
export const FAP_LIST_READERS = [...FAP_MEMBERS, Role.INSTRUMENT_SCIENTIST] as const;
