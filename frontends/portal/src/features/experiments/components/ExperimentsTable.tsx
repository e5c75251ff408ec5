import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  IconButton,
  Paper,
  Snackbar,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import FlightTakeoff from '@mui/icons-material/FlightTakeoff';
import Group from '@mui/icons-material/Group';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import LocalShipping from '@mui/icons-material/LocalShipping';
import RateReview from '@mui/icons-material/RateReview';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useDateFormat, useSettings } from '@user-office/frontend-shared/settings';
import { ExperimentsCreateSafetyDocument, ExperimentsUpcomingDocument } from '../../../gql/graphql';
import {
  experimentActionStates,
  isDisabledState,
  type ActionState,
  type ExperimentAction,
} from '../lib/experiment-actions';
import {
  experimentFacts,
  personName,
  proposalMembers,
  startingWithin,
  currentOrAwaitingFeedback,
  feedbackLookBack,
  USER_EXPERIMENT_STATUSES,
  type ExperimentRow,
  type ProposalFacts,
} from '../lib/experiment-rows';
import { VisitRegistrationDialog } from './visits/VisitRegistrationDialog';
import { VisitTeamDialog } from './visits/VisitTeamDialog';

const COLUMNS = [
  'actions',
  'proposalId',
  'title',
  'instrument',
  'localContact',
  'startsAt',
  'endsAt',
  'status',
] as const;

const ACTION_ICONS: Record<ExperimentAction, ReactNode> = {
  defineVisit: <Group fontSize="small" />,
  finishEsi: <HealthAndSafety fontSize="small" />,
  registerVisit: <FlightTakeoff fontSize="small" />,
  declareShipments: <LocalShipping fontSize="small" />,
  giveFeedback: <RateReview fontSize="small" />,
};

/** The icon's colour by its state: done is green, waiting for the facility is blue. */
const STATE_COLOURS: Partial<Record<ActionState['kind'], 'success' | 'info' | 'primary'>> = {
  completed: 'success',
  pending: 'info',
  active: 'primary',
};

/** The dialog open over the table: the visit team or the caller's visit registration (§2 dialogs). */
type OpenDialog =
  { kind: 'team'; row: ExperimentRow } | { kind: 'registration'; row: ExperimentRow; visitId: number };

interface Loaded {
  experiments: ExperimentRow[];
  proposals: ProposalFacts[];
}

/**
 * The caller's experiments (getUserExperiments, status active and completed): ending after now, and on the dashboard
 * (no `windowDays`) also the completed ones awaiting feedback; or only those starting within `windowDays` (§9);
 * reloaded on demand.
 */
export function useUserExperiments(windowDays?: number) {
  const settings = useSettings();
  const feedbackDays = Number(settings.value('FEEDBACK_EXHAUST_DAYS')) || 0;
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const now = new Date();
    // the dashboard also lists the completed experiments still awaiting feedback; Experiment times does not
    const from = windowDays === undefined ? feedbackLookBack(now, feedbackDays) : now;
    try {
      const result = await request(ExperimentsUpcomingDocument, {
        filter: { status: [...USER_EXPERIMENT_STATUSES], endsAfter: from.toISOString() },
      });
      const experiments =
        windowDays === undefined
          ? currentOrAwaitingFeedback(result.getUserExperiments, now)
          : startingWithin(result.getUserExperiments, now, windowDays);
      setData({ experiments, proposals: result.getUserProposals });
      setError(null);
    } catch (e) {
      setError((e as Error).message);
      setData((d) => d ?? { experiments: [], proposals: [] });
    }
  }, [windowDays, feedbackDays]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, error, reload: load };
}

export interface ExperimentsTableProps {
  /** the table's accessible name */
  label: string;
  windowDays?: number;
}

/** The upcoming experiments table (§3 Upcoming experiment row) with the experiment action icons (§2, §4). */
export function ExperimentsTable({ label, windowDays }: ExperimentsTableProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const settings = useSettings();
  const session = useCurrentSession();
  const navigate = useNavigate();
  const { data, error, reload } = useUserExperiments(windowDays);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** "Finish experiment safety form": creates the ESI when there is none, then opens it. */
  const openEsi = async (row: ExperimentRow) => {
    setFailure(null);
    if (!row.experimentSafety) {
      setBusy(row.experimentPk);
      try {
        await request(ExperimentsCreateSafetyDocument, { experimentPk: row.experimentPk });
      } catch (e) {
        setFailure((e as Error).message);
        await reload();
        return;
      } finally {
        setBusy(null);
      }
    }
    navigate(`/ExperimentSafety/${row.experimentPk}`);
  };

  const run: Record<ExperimentAction, (row: ExperimentRow) => Promise<void>> = {
    defineVisit: async (row) => setDialog({ kind: 'team', row }),
    finishEsi: openEsi,
    registerVisit: async (row) => {
      if (row.visit) setDialog({ kind: 'registration', row, visitId: row.visit.id });
    },
    // the shipments' and the feedback's own pages (§2 experiment follow-up screens)
    declareShipments: async (row) => {
      navigate(`/DeclareShipments/${row.experimentPk}`);
    },
    giveFeedback: async (row) => {
      navigate(row.feedback ? `/UpdateFeedback/${row.feedback.id}` : `/CreateFeedback/${row.experimentPk}`);
    },
  };

  const actionButton = (row: ExperimentRow, action: ExperimentAction, state: ActionState) => {
    if (state.kind === 'invisible') return null;
    const name = t(`experiments.actions.${action}.${state.kind}`, { id: row.proposal?.proposalId ?? '' });
    const tooltip =
      state.kind === 'inactive' ? `${name}: ${t(`experiments.actions.inactive.${state.reason}`)}` : name;
    return (
      <Tooltip key={action} title={tooltip} describeChild>
        {/* a disabled button gets no pointer events: the span carries the tooltip */}
        <span>
          <IconButton
            size="small"
            aria-label={tooltip}
            color={STATE_COLOURS[state.kind] ?? 'default'}
            disabled={isDisabledState(state) || busy === row.experimentPk}
            data-state={state.kind}
            onClick={() => void run[action](row)}
          >
            {ACTION_ICONS[action]}
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  if (data === null) return <CircularProgress aria-label={t('experiments.loading')} />;
  return (
    <Box>
      {error || failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure ?? error}
        </Alert>
      ) : null}
      <Paper>
        <TableContainer>
          <Table aria-label={label} size="small">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column} component="th" scope="col">
                    {t(`experiments.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.experiments.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} align="center">
                    {t('empty.listEmpty')}
                  </TableCell>
                </TableRow>
              ) : (
                data.experiments.map((row) => {
                  const facts = experimentFacts(row, data.proposals, session.userId, {
                    safety: settings.isEnabled('EXPERIMENT_SAFETY_REVIEW'),
                    visits: settings.isEnabled('VISIT_MANAGEMENT'),
                    shipping: settings.isEnabled('SHIPPING'),
                  });
                  const title = row.proposal?.title ?? '';
                  return (
                    <TableRow key={row.experimentPk} data-testid={`experiment-row-${row.experimentPk}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {experimentActionStates(facts).map(([action, state]) =>
                          actionButton(row, action, state),
                        )}
                      </TableCell>
                      <TableCell>{row.proposal?.proposalId ?? ''}</TableCell>
                      <TableCell sx={{ maxWidth: 400 }} title={title.length > 45 ? title : undefined}>
                        {title}
                      </TableCell>
                      <TableCell>{row.instrument?.name ?? ''}</TableCell>
                      <TableCell>{personName(row.localContact)}</TableCell>
                      <TableCell>{dates.dateTime(row.startsAt)}</TableCell>
                      <TableCell>{dates.dateTime(row.endsAt)}</TableCell>
                      <TableCell>{t(`experiments.status.${row.status}`)}</TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {dialog?.kind === 'team' ? (
        <VisitTeamDialog
          experiment={dialog.row}
          members={proposalMembers(data.proposals.find((p) => p.primaryKey === dialog.row.proposalPk))}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            setNotice(message);
            void reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'registration' ? (
        <VisitRegistrationDialog
          experiment={dialog.row}
          visitId={dialog.visitId}
          userId={session.userId}
          onClose={() => setDialog(null)}
          onChanged={() => void reload()}
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
