import { useCallback, useEffect, useState } from 'react';
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
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import Publish from '@mui/icons-material/Publish';
import Send from '@mui/icons-material/Send';
import Unpublished from '@mui/icons-material/Unpublished';
import type { ProposalEndStatus } from '@user-office/contracts';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { downloadPaths } from '../../proposals/components/DownloadMenu';
import { FAP_MANAGERS, fapCommands, type FapInstrument, type RankedFapProposal } from '../fap-commands';
import type { FapRecord } from '../faps.operations';
import { CallPicker } from './CallPicker';
import { MeetingDecisionDialog, type MeetingDecisionValues } from './MeetingDecisionDialog';
import { MeetingRankingTable, type MeetingRow } from './MeetingRankingTable';
import { useFapProposals } from './use-fap-calls';

/**
 * Meeting components (issue #28 item 5): for a call, each instrument of the panel with its availability time
 * (submitted / unsubmitted), its ranking (average, spread, calibrated score, allocated and cumulative time, the
 * cut line), a meeting decision per proposal, "Submit all" (which names the incomplete ones), the FAP spreadsheet
 * through the downloads panel, and what changed since the decisions were saved.
 */
export function FapMeetingTab({ fap }: { fap: FapRecord }) {
  const { t } = useTranslation();
  const { download } = useDownloads();
  const isOfficer = useCurrentSession().currentRole === 'USER_OFFICER';
  const { proposals, calls, error } = useFapProposals(fap.id, 0);
  const [callId, setCallId] = useState<number | null>(null);
  const call = callId ?? calls[0]?.id ?? null;
  const [instruments, setInstruments] = useState<FapInstrument[] | null>(null);
  const [version, setVersion] = useState(0);

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
  }, [fap.id, call, version]);

  const callCode = calls.find((c) => c.id === call)?.shortCode ?? '';
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CallPicker calls={calls} value={call} onChange={setCallId} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={call === null}
          onClick={() =>
            call !== null &&
            void download(downloadPaths.xlsxFap(fap.id, call), `Fap-${fap.code}-${callCode}.xlsx`)
          }
        >
          {t('console.faps.meeting.download')}
        </Button>
        {isOfficer ? (
          <Button
            variant="outlined"
            startIcon={<Download />}
            disabled={call === null}
            onClick={() =>
              call !== null && void download(downloadPaths.xlsxCallFap(call), `${callCode}_FAP_Results.xlsx`)
            }
          >
            {t('console.faps.meeting.downloadCall')}
          </Button>
        ) : null}
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {proposals === null && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {call !== null && instruments !== null && instruments.length === 0 ? (
        <Typography color="text.secondary">{t('console.faps.meeting.noInstruments')}</Typography>
      ) : null}
      {call !== null
        ? (instruments ?? []).map((instrument) => (
            <InstrumentMeeting
              key={`${call}-${instrument.id}`}
              fap={fap}
              callId={call}
              instrument={instrument}
              onInstrumentChanged={() => setVersion((v) => v + 1)}
            />
          ))
        : null}
    </Stack>
  );
}

function InstrumentMeeting({
  fap,
  callId,
  instrument,
  onInstrumentChanged,
}: {
  fap: FapRecord;
  callId: number;
  instrument: FapInstrument;
  onInstrumentChanged(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const role = useCurrentSession().currentRole;
  const isOfficer = role === 'USER_OFFICER';
  const manages = FAP_MANAGERS.includes(role);
  const [rows, setRows] = useState<RankedFapProposal[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<RankedFapProposal | null>(null);
  const [incomplete, setIncomplete] = useState<string[]>([]);
  const dates = useDateFormat();

  const load = useCallback(() => {
    fapCommands
      .proposalsByInstrument(fap.id, callId, instrument.id)
      .then((found) => {
        setRows(found);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  }, [fap.id, callId, instrument.id]);
  useEffect(load, [load]);

  const run = async (action: () => Promise<unknown>, done: string, after = load) => {
    try {
      await action();
      notify(done, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    after();
  };

  const submitAll = async () => {
    try {
      const result = await fapCommands.submitAllDecisions(fap.id, callId, instrument.id);
      setIncomplete(result.incomplete.map((p) => p.proposal?.proposalId ?? String(p.proposalPk)));
      notify(t('console.faps.meeting.submitAllDone', { count: result.submitted.length }), {
        type: 'success',
      });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    load();
  };

  const meetingRows: MeetingRow[] = (rows ?? []).map((r) => ({
    proposalPk: r.proposalPk,
    proposalId: r.proposal?.proposalId ?? String(r.proposalPk),
    title: r.proposal?.title ?? '',
    average: r.averageGrade ?? null,
    spread: r.gradeSpread ?? null,
    calibrated: r.calibratedScore ?? null,
    allocatedTime: r.fapTimeAllocation ?? null,
    inAvailabilityZone: r.inAvailabilityZone,
    cumulativeTime: r.cumulativeTime ?? null,
    recommendation: r.meetingDecision?.recommendation ?? null,
    decisionSubmitted: r.meetingDecision?.submitted ?? false,
  }));
  const label = t('console.faps.meeting.instrument', {
    name: `${instrument.name} (${instrument.shortCode})`,
  });
  const headingId = `meeting-instrument-${instrument.id}`;
  const history = (rows ?? []).flatMap((r) =>
    (r.meetingDecision?.history ?? []).map((h) => ({ ...h, proposalId: r.proposal?.proposalId ?? '' })),
  );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {label}
        </Typography>
        <Typography>
          {t('console.faps.meeting.availabilityValue', { value: instrument.availabilityTime ?? '' })}
        </Typography>
        <Chip
          size="small"
          color={instrument.submitted ? 'success' : 'default'}
          label={
            instrument.submitted
              ? t('console.faps.meeting.submitted')
              : t('console.faps.meeting.notSubmitted')
          }
        />
        {manages && !instrument.submitted ? (
          <Button
            size="small"
            startIcon={<Publish />}
            onClick={() =>
              void run(
                () => fapCommands.submitInstrument(fap.id, callId, instrument.id, true),
                t('console.faps.meeting.instrumentSubmitted'),
                onInstrumentChanged,
              )
            }
          >
            {t('console.faps.meeting.submitInstrument')}
          </Button>
        ) : null}
        {isOfficer && instrument.submitted ? (
          <Button
            size="small"
            startIcon={<Unpublished />}
            onClick={() =>
              void run(
                () => fapCommands.submitInstrument(fap.id, callId, instrument.id, false),
                t('console.faps.meeting.instrumentUnsubmitted'),
                onInstrumentChanged,
              )
            }
          >
            {t('console.faps.meeting.unsubmitInstrument')}
          </Button>
        ) : null}
        {manages ? (
          <Button size="small" variant="contained" startIcon={<Send />} onClick={() => void submitAll()}>
            {t('console.faps.meeting.submitAll')}
          </Button>
        ) : null}
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {incomplete.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setIncomplete([])}>
          {t('console.faps.meeting.submitAllIncomplete', { ids: incomplete.join(', ') })}
        </Alert>
      ) : null}
      {rows === null && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {rows !== null && rows.length === 0 ? (
        <Typography color="text.secondary">{t('console.faps.meeting.noProposals')}</Typography>
      ) : null}
      {rows !== null && rows.length > 0 ? (
        <MeetingRankingTable
          label={label}
          rows={meetingRows}
          availabilityTime={instrument.availabilityTime ?? null}
          canReorder={isOfficer}
          reorder={(pks) => {
            setRows((current) =>
              current ? pks.map((pk) => current.find((r) => r.proposalPk === pk)!).filter(Boolean) : current,
            );
            void run(() => fapCommands.reorder(instrument.id, pks), t('console.faps.meeting.reordered'));
          }}
          openDecision={(row) => setDeciding(rows.find((r) => r.proposalPk === row.proposalPk) ?? null)}
        />
      ) : null}
      {deciding ? (
        <MeetingDecisionDialog
          open
          proposalId={deciding.proposal?.proposalId ?? String(deciding.proposalPk)}
          readonly={!manages || (Boolean(deciding.meetingDecision?.submitted) && !isOfficer)}
          initial={decisionValues(deciding)}
          save={async (values: MeetingDecisionValues) => {
            const time = values.fapTimeAllocation.trim() === '' ? null : Number(values.fapTimeAllocation);
            if (time !== (deciding.fapTimeAllocation ?? null))
              await fapCommands.updateFapTimeAllocation(fap.id, deciding.proposalPk, time);
            await fapCommands.saveMeetingDecision({
              proposalPk: deciding.proposalPk,
              instrumentId: instrument.id,
              recommendation: values.recommendation as ProposalEndStatus,
              commentForUser: values.commentForUser,
              commentForManagement: values.commentForManagement,
              submitted: values.submitted,
            });
          }}
          onClose={(saved) => {
            setDeciding(null);
            if (saved) load();
          }}
        />
      ) : null}
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }} id={`${headingId}-history`}>
        {t('console.faps.meeting.history')}
      </Typography>
      {history.length === 0 ? (
        <Typography color="text.secondary">{t('console.faps.meeting.historyNone')}</Typography>
      ) : (
        <Table size="small" aria-labelledby={`${headingId}-history`}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.faps.meeting.historyProposal')}</TableCell>
              <TableCell>{t('console.faps.meeting.historyChangedOn')}</TableCell>
              <TableCell>{t('console.faps.meeting.historyChangedBy')}</TableCell>
              <TableCell>{t('console.faps.meeting.recommendation')}</TableCell>
              <TableCell>{t('console.faps.meeting.rank')}</TableCell>
              <TableCell>{t('console.faps.meeting.decisionSubmitted')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.map((h, i) => (
              <TableRow key={`${h.proposalId}-${h.at}-${i}`}>
                <TableCell>{h.proposalId}</TableCell>
                <TableCell>{dates.dateTime(h.at)}</TableCell>
                <TableCell>{h.byName}</TableCell>
                <TableCell>
                  {h.recommendation ? t(`console.review.finalStatuses.${h.recommendation}`) : ''}
                </TableCell>
                <TableCell>{h.rankOrder ?? ''}</TableCell>
                <TableCell>{h.submitted ? t('console.faps.yes') : t('console.faps.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

function decisionValues(p: RankedFapProposal): MeetingDecisionValues {
  const d = p.meetingDecision;
  return {
    fapTimeAllocation: p.fapTimeAllocation == null ? '' : String(p.fapTimeAllocation),
    recommendation: d?.recommendation ?? '',
    commentForUser: d?.commentForUser ?? '',
    commentForManagement: d?.commentForManagement ?? '',
    submitted: d?.submitted ?? false,
  };
}
