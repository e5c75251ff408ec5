import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';

/** Who uses the proposals table and which of its features are on (§2 columns and actions, §6). */
export function useStaffRole(): {
  userId: number;
  isOfficer: boolean;
  isScientist: boolean;
  /** INSTRUMENT_MANAGEMENT: the instrument column, filter and assignment */
  instruments: boolean;
  /** TECHNICAL_REVIEW: the technical review columns and actions */
  technicalReviews: boolean;
  /** FAP_REVIEW: the FAP column and "Assign to FAP" */
  faps: boolean;
} {
  const session = useCurrentSession();
  const settings = useSettings();
  return {
    userId: session.userId,
    isOfficer: session.currentRole === 'USER_OFFICER',
    isScientist: session.currentRole === 'INSTRUMENT_SCIENTIST',
    instruments: settings.isEnabled('INSTRUMENT_MANAGEMENT'),
    technicalReviews: settings.isEnabled('TECHNICAL_REVIEW'),
    faps: settings.isEnabled('FAP_REVIEW'),
  };
}
