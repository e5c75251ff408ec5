import { useEffect, useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useTranslation } from 'react-i18next';
import type { PickOneOption } from '../../../components/PickOneDialog';
import { AssignedListPanel } from '../../instruments/components/AssignedListPanel';
import { fapCommands, personName, type FapMember, type FapRole } from '../fap-commands';
import type { FapRecord } from '../faps.operations';

/**
 * A panel's members (§3 Fap, §6): its chairs and secretaries (officers assign and remove them) and its reviewers
 * (officers, the panel's chairs and secretaries add and remove them), each picked among the users.
 */
export function FapMembersTab({ fap, onChanged }: { fap: FapRecord; onChanged(): void }) {
  const { t } = useTranslation();
  const role = useCurrentSession().currentRole;
  const isOfficer = role === 'USER_OFFICER';
  const managesReviewers = isOfficer || role === 'FAP_CHAIR' || role === 'FAP_SECRETARY';
  const [members, setMembers] = useState<FapMember[]>([]);
  const [candidates, setCandidates] = useState<PickOneOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fapCommands
      .members(fap.id)
      .then((found) => live && setMembers(found))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [fap.id, version]);

  useEffect(() => {
    if (!managesReviewers) return;
    let live = true;
    fapCommands
      .userCandidates()
      .then(
        (people) =>
          live &&
          setCandidates(
            people
              .map((p) => ({ id: p.id, name: `${personName(p)}${p.email ? ` (${p.email})` : ''}` }))
              .sort((a, b) => a.name.localeCompare(b.name)),
          ),
      )
      .catch(() => live && setCandidates([]));
    return () => {
      live = false;
    };
  }, [managesReviewers]);

  const changed = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  const panel = (texts: string, memberRole: FapRole, editable: boolean) => (
    <AssignedListPanel
      texts={`console.faps.members.${texts}`}
      of={fap.code}
      items={members
        .filter((m) => m.role === memberRole)
        .map((m) => ({
          id: m.userId,
          name: personName(m.user),
          detail: t('console.faps.members.reviewCount', { count: m.reviewCount ?? 0 }),
        }))}
      candidates={candidates}
      editable={editable}
      add={(userId) =>
        memberRole === 'FAP_REVIEWER'
          ? fapCommands.assignReviewers(fap.id, [userId])
          : fapCommands.assignChairOrSecretary(fap.id, userId, memberRole)
      }
      remove={(userId) => fapCommands.removeMember(fap.id, userId, memberRole)}
      onChanged={changed}
    />
  );

  return (
    <Stack spacing={1}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {panel('chairs', 'FAP_CHAIR', isOfficer)}
      {panel('secretaries', 'FAP_SECRETARY', isOfficer)}
      {panel('reviewers', 'FAP_REVIEWER', managesReviewers)}
    </Stack>
  );
}
