import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Delete from '@mui/icons-material/Delete';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonRemove from '@mui/icons-material/PersonRemove';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useGetList, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { ConfirmIconButton } from '../../../components/ConfirmButton';
import type { ProposedPair } from '../auto-assignment';
import {
  fapCommands,
  personName,
  type AutomaticAssignmentPreview,
  type FapInstrument,
  type FapMember,
  type FapProposal,
  FAP_MANAGERS,
} from '../fap-commands';
import type { InstrumentChoice } from '../../proposals/proposals.operations';
import type { FapRecord } from '../faps.operations';
import { figure } from '../meeting-ranking';
import { AddReviewerDialog } from './AddReviewerDialog';
import { AutoAssignPreviewDialog, type SkippedConflict } from './AutoAssignPreviewDialog';
import { CallPicker } from './CallPicker';
import { useFapProposals } from './use-fap-calls';

/**
 * Proposals and assignments (issue #28 items 2–3): the panel's proposals of a call with their instrument,
 * reviewers (with their grade, rank and any conflict of interest the server recorded), grades and average; a
 * manager adds a reviewer (conflicts shown, a soft one overridden with a reason) or removes one, ranks them, and
 * runs the automatic assignment (a preview to edit, then accept).
 */
export function FapProposalsTab({ fap }: { fap: FapRecord }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const role = useCurrentSession().currentRole;
  const manages = FAP_MANAGERS.includes(role);
  const isOfficer = role === 'USER_OFFICER';
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const { proposals, calls, error } = useFapProposals(fap.id, version);
  const [callId, setCallId] = useState<number | null>(null);
  const call = callId ?? calls[0]?.id ?? null;
  const [instruments, setInstruments] = useState<FapInstrument[]>([]);
  // every instrument (§6: officers and the FAP roles use all): names of those the call does not give this FAP
  const { data: allInstruments = [] } = useGetList<InstrumentChoice>('InstrumentsMinimal', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [members, setMembers] = useState<FapMember[]>([]);
  const [adding, setAdding] = useState<FapProposal | null>(null);
  const [preview, setPreview] = useState<AutomaticAssignmentPreview | null>(null);

  useEffect(() => {
    if (call === null) return;
    let live = true;
    fapCommands
      .instruments(fap.id, call)
      .then((found) => live && setInstruments(found))
      .catch(() => live && setInstruments([]));
    return () => {
      live = false;
    };
  }, [fap.id, call]);
  useEffect(() => {
    let live = true;
    fapCommands
      .members(fap.id)
      .then((found) => live && setMembers(found))
      .catch(() => live && setMembers([]));
    return () => {
      live = false;
    };
  }, [fap.id]);

  const rows = (proposals ?? []).filter((p) => p.proposal?.call?.id === call);
  const instrumentName = (id: number | null | undefined) => {
    const found = instruments.find((i) => i.id === id) ?? allInstruments.find((i) => i.id === id);
    return found ? found.name : '';
  };
  const memberName = (userId: number) => personName(members.find((m) => m.userId === userId)?.user);
  const proposalIdOf = (pk: number) =>
    rows.find((r) => r.proposalPk === pk)?.proposal?.proposalId ?? String(pk);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    reload();
  };

  const startAutomatic = async () => {
    if (call === null) return;
    try {
      setPreview(await fapCommands.previewAutomaticAssignment(fap.id, call));
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const pairs: ProposedPair[] = (preview?.pairs ?? []).map((p) => ({
    proposalPk: p.proposalPk,
    proposalId: proposalIdOf(p.proposalPk),
    memberId: p.userId,
    memberName: memberName(p.userId),
    reason: p.reason,
  }));
  const skipped: SkippedConflict[] = (preview?.skippedForConflict ?? []).map((s) => ({
    proposalId: proposalIdOf(s.proposalPk),
    memberName: memberName(s.userId),
    reason: s.reasons.join('; '),
  }));
  const unfilled = (preview?.unfilled ?? []).map((u) => ({
    proposalId: proposalIdOf(u.proposalPk),
    missing: u.missing,
    reason: u.reason,
  }));
  const currentLoad = members
    .map((m) => ({ memberId: m.userId, memberName: personName(m.user), load: m.reviewCount ?? 0 }))
    .filter((m, i, all) => all.findIndex((o) => o.memberId === m.memberId) === i);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CallPicker calls={calls} value={call} onChange={setCallId} />
        {manages ? (
          <Button
            variant="outlined"
            startIcon={<AutoFixHigh />}
            disabled={call === null || rows.length === 0}
            onClick={() => void startAutomatic()}
          >
            {t('console.faps.proposals.automatic')}
          </Button>
        ) : null}
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {proposals === null && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {proposals !== null && rows.length === 0 ? (
        <Typography color="text.secondary">{t('console.faps.proposals.none')}</Typography>
      ) : null}
      {rows.length > 0 ? (
        <Table size="small" aria-label={t('console.faps.tabs.proposals')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.faps.proposals.proposalId')}</TableCell>
              <TableCell>{t('console.faps.proposals.title')}</TableCell>
              <TableCell>{t('console.faps.proposals.instrument')}</TableCell>
              <TableCell>{t('console.faps.proposals.reviewers')}</TableCell>
              <TableCell>{t('console.faps.proposals.average')}</TableCell>
              {manages ? <TableCell>{t('console.faps.proposals.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const id = row.proposal?.proposalId ?? String(row.proposalPk);
              return (
                <TableRow key={`${row.proposalPk}-${row.instrumentId}`} data-testid={`fap-proposal-${id}`}>
                  <TableCell>{id}</TableCell>
                  <TableCell>{row.proposal?.title}</TableCell>
                  <TableCell>{instrumentName(row.instrumentId)}</TableCell>
                  <TableCell>
                    <Stack spacing={0.5}>
                      {row.assignments.map((a) => {
                        const name = personName(a.user);
                        const conflicts = a.conflicts ?? [];
                        return (
                          <Box key={a.reviewId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                            <Typography variant="body2">
                              {name}
                              {a.review?.grade != null ? ` — ${a.review.grade}` : ''}
                              {a.review ? ` (${t(`console.grading.statuses.${a.review.status}`)})` : ''}
                            </Typography>
                            {conflicts.length > 0 ? (
                              <Tooltip title={a.overrideReason ?? ''}>
                                <Chip
                                  size="small"
                                  color="warning"
                                  label={t('console.faps.proposals.conflict', {
                                    reason: conflicts.join('; '),
                                  })}
                                />
                              </Tooltip>
                            ) : null}
                            {manages ? (
                              <RankInput
                                label={t('console.faps.proposals.rankLabel', { name, id })}
                                value={a.rank ?? null}
                                save={(rank) =>
                                  run(
                                    () => fapCommands.saveReviewerRank(row.proposalPk, a.reviewId, rank),
                                    t('console.faps.proposals.rankSaved'),
                                  )
                                }
                              />
                            ) : null}
                            {manages ? (
                              <ConfirmIconButton
                                label={t('console.faps.proposals.removeReviewer', { name, id })}
                                icon={<PersonRemove fontSize="small" />}
                                title={t('console.faps.proposals.removeReviewer', { name, id })}
                                content={t('console.faps.proposals.removeReviewerConfirm', { name, id })}
                                onConfirm={() =>
                                  run(
                                    () => fapCommands.removeReviewer(fap.id, a.reviewId),
                                    t('console.faps.proposals.reviewerRemoved'),
                                  )
                                }
                              />
                            ) : null}
                          </Box>
                        );
                      })}
                    </Stack>
                  </TableCell>
                  <TableCell>{figure(row.averageGrade)}</TableCell>
                  {manages ? (
                    <TableCell>
                      <Box sx={{ display: 'flex' }}>
                        <ActionIconButton
                          label={t('console.faps.proposals.addReviewer', { id })}
                          icon={<PersonAdd fontSize="small" />}
                          onClick={() => setAdding(row)}
                        />
                        {isOfficer ? (
                          <ConfirmIconButton
                            label={t('console.faps.proposals.removeFromFap', { id })}
                            icon={<Delete fontSize="small" />}
                            title={t('console.faps.proposals.removeFromFap', { id })}
                            content={t('console.faps.proposals.removeFromFapConfirm', { id, code: fap.code })}
                            onConfirm={() =>
                              run(
                                () => fapCommands.removeProposal(fap.id, row.proposalPk),
                                t('console.faps.proposals.removedFromFap'),
                              )
                            }
                          />
                        ) : null}
                      </Box>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
      {adding ? (
        <AddReviewerDialog
          open
          fapId={fap.id}
          proposalPk={adding.proposalPk}
          proposalId={adding.proposal?.proposalId ?? String(adding.proposalPk)}
          assigned={adding.assignments.map((a) => a.fapMemberUserId)}
          onClose={(added) => {
            setAdding(null);
            if (added) reload();
          }}
        />
      ) : null}
      <AutoAssignPreviewDialog
        open={preview !== null}
        call={calls.find((c) => c.id === call)?.shortCode ?? ''}
        pairs={pairs}
        skipped={skipped}
        unfilled={unfilled}
        currentLoad={currentLoad}
        accept={(kept) =>
          fapCommands.applyAutomaticAssignment(
            fap.id,
            call ?? 0,
            kept.map((p) => ({ proposalPk: p.proposalPk, userId: p.memberId })),
          )
        }
        onClose={(applied) => {
          setPreview(null);
          if (applied) reload();
        }}
      />
    </Stack>
  );
}

/** A reviewer's rank for a proposal (saveReviewerRank), saved when it loses focus with a new value. */
function RankInput({
  label,
  value,
  save,
}: {
  label: string;
  value: number | null;
  save(rank: number): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value == null ? '' : String(value));
  useEffect(() => setText(value == null ? '' : String(value)), [value]);
  return (
    <TextField
      size="small"
      type="number"
      label={t('console.faps.proposals.rank')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const rank = Number(text);
        if (text !== '' && Number.isInteger(rank) && rank >= 1 && rank !== value) save(rank);
      }}
      slotProps={{ htmlInput: { min: 1, 'aria-label': label, style: { width: 48 } } }}
      sx={{ width: 80 }}
    />
  );
}
