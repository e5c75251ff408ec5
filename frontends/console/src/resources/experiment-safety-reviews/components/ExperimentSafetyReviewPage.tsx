import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { AnswersSummary } from '@user-office/frontend-shared/questionary';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useDateFormat, useSettings } from '@user-office/frontend-shared/settings';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { ExperimentSafetyDecision, SafetyStatus } from '../../../gql/graphql';
import { toStep } from '../../proposals/components/review/InformationTab';
import {
  safetyReviewCommands,
  type ExperimentSafety,
  type SafetyQuestionaryStep,
} from '../safety-review-commands';
import { safetyReviewAbilities, samplePdfPath } from '../safety-review-rules';
import {
  DecisionPanel,
  OutcomeAlert,
  RequestChangesPanel,
  RiskLevelForm,
  Section,
  type CommandOutcome,
} from './SafetyReviewPanels';

interface Loaded {
  safety: ExperimentSafety;
  esi: SafetyQuestionaryStep[];
  /** each selected sample's sample ESI answers, by sample id */
  samples: Map<number, SafetyQuestionaryStep[]>;
}

async function load(experimentSafetyPk: number): Promise<Loaded | null> {
  const safety = await safetyReviewCommands.safety(experimentSafetyPk);
  if (!safety) return null;
  const [esi, ...sampleSteps] = await Promise.all([
    safetyReviewCommands.questionary(safety.esiQuestionaryId),
    ...safety.samples.map((s) => safetyReviewCommands.questionary(s.sampleEsiQuestionaryId)),
  ]);
  return {
    safety,
    esi,
    samples: new Map(safety.samples.map((s, i) => [s.sampleId, sampleSteps[i]])),
  };
}

/**
 * The review page of one experiment safety input (`/ExperimentSafetyReview/{experimentSafetyPk}`): its answers and
 * each selected sample's (read-only, with the sample's risk level and PDF), the experiment's risk level, the
 * instrument scientist's decision, then the safety reviewer's, and "Request changes". Every decision carries the
 * ESI version this page shows; every refusal shows the server's message beside its button, changes nothing, and
 * offers to reload.
 */
export function ExperimentSafetyReviewPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const session = useCurrentSession();
  const settings = useSettings();
  const { download } = useDownloads();
  const experimentSafetyPk = Number(useParams().experimentSafetyPk);
  const queueFilter = (useLocation().state as { queue?: string } | null)?.queue ?? '';
  const can = safetyReviewAbilities(session.currentRole, (f) => settings.isEnabled(f));
  const [loaded, setLoaded] = useState<Loaded | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CommandOutcome | null>(null);
  const [seq, setSeq] = useState(0);
  /** bumped on each load: the forms start again from what the server says */
  const [generation, setGeneration] = useState(0);

  const reload = useCallback(() => {
    setOutcome(null);
    setLoadError(null);
    load(experimentSafetyPk)
      .then((found) => {
        setLoaded(found);
        setGeneration((g) => g + 1);
      })
      .catch((e: Error) => setLoadError(e.message));
  }, [experimentSafetyPk]);

  useEffect(() => {
    reload();
  }, [reload]);

  /** Sends one command; on success the page shows the answer, on a refusal the server's message. */
  const run = async (command: string, send: () => Promise<ExperimentSafety | null>) => {
    setBusy(true);
    setOutcome(null);
    const sent = seq + 1;
    setSeq(sent);
    try {
      const safety = await send();
      if (safety) {
        setLoaded((current) => (current ? { ...current, safety } : current));
        setGeneration((g) => g + 1);
      }
      setOutcome({ command, severity: 'success', message: t('console.safetyReview.page.saved'), seq: sent });
    } catch (e) {
      setOutcome({ command, severity: 'error', message: (e as Error).message, seq: sent });
    } finally {
      setBusy(false);
    }
  };
  const outcomeOf = (command: string) => (outcome?.command === command ? outcome : null);

  if (loadError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {loadError}
      </Alert>
    );
  if (loaded === undefined) return <CircularProgress aria-label={t('app.loading')} sx={{ mt: 2 }} />;
  if (loaded === null)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {t('console.safetyReview.page.notFound')}
      </Alert>
    );

  const { safety } = loaded;
  const experimentId = safety.experiment?.experimentId ?? String(safety.experimentPk);
  const decide = (kind: 'scientist' | 'reviewer') => (decision: ExperimentSafetyDecision, comment: string) =>
    void run(`${kind}Decision`, () =>
      safetyReviewCommands[kind === 'scientist' ? 'scientistDecision' : 'reviewerDecision']({
        experimentSafetyPk: safety.experimentSafetyPk,
        esiVersion: safety.esiVersion,
        decision,
        comment,
      }),
    );
  const saveSampleRisk = (sampleId: number) => (level: SafetyStatus, comment: string) =>
    void run(`sampleRisk-${sampleId}`, async () => {
      await safetyReviewCommands.setSampleRiskLevel(sampleId, level, comment);
      return safetyReviewCommands.safety(safety.experimentSafetyPk);
    });

  const facts: [string, string][] = [
    [
      t('console.safetyReview.page.proposal'),
      `${safety.proposal?.proposalId ?? ''} ${safety.proposal?.title ?? ''}`.trim(),
    ],
    [t('console.safetyReview.page.instrument'), safety.experiment?.instrument?.name ?? ''],
    [t('console.safetyReview.page.startsAt'), dates.dateTime(safety.experiment?.startsAt)],
    [t('console.safetyReview.page.endsAt'), dates.dateTime(safety.experiment?.endsAt)],
    [
      t('console.safetyReview.page.status'),
      t(`console.safetyReview.statuses.${safety.status}`, safety.status),
    ],
    [t('console.safetyReview.page.version'), String(safety.esiVersion)],
    [t('console.safetyReview.page.submittedAt'), dates.dateTime(safety.esiQuestionarySubmittedAt)],
  ];

  return (
    <Box sx={{ mt: 2 }} key={generation}>
      <Title title={t('console.safetyReview.title')} />
      <Stack spacing={2}>
        <Paper sx={{ p: 2 }}>
          <Button
            component={Link}
            to={queueFilter ? `/ExperimentSafetyReview?${queueFilter}` : '/ExperimentSafetyReview'}
            startIcon={<ArrowBack />}
            size="small"
          >
            {t('console.safetyReview.page.back')}
          </Button>
          <Typography component="h1" variant="h5" gutterBottom sx={{ mt: 1 }}>
            {t('console.safetyReview.page.title', { id: experimentId })}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, m: 0 }}
          >
            {facts.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ fontWeight: 500, pr: 2 }}>
                  {term}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  {value}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Stack spacing={2} sx={{ flex: 3, minWidth: 0, width: '100%' }}>
            <Section title={t('console.safetyReview.esi.title')} testId="esi-answers">
              <AnswersSummary steps={loaded.esi.map(toStep)} />
            </Section>
            <Section title={t('console.safetyReview.samples.title')} testId="samples">
              {safety.samples.length === 0 ? (
                <Typography color="text.secondary">{t('console.safetyReview.samples.none')}</Typography>
              ) : (
                <Stack spacing={2}>
                  {safety.samples.map((s) => {
                    const title = s.sample?.title ?? String(s.sampleId);
                    return (
                      <Paper
                        key={s.sampleId}
                        variant="outlined"
                        sx={{ p: 2 }}
                        data-testid={`sample-${s.sampleId}`}
                      >
                        <Stack spacing={2}>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
                              {title}
                            </Typography>
                            <Chip
                              size="small"
                              color={s.isEsiSubmitted ? 'success' : 'default'}
                              label={t(
                                s.isEsiSubmitted
                                  ? 'console.safetyReview.samples.esiConfirmed'
                                  : 'console.safetyReview.samples.esiNotConfirmed',
                              )}
                            />
                            <Button
                              size="small"
                              startIcon={<PictureAsPdf />}
                              onClick={() => void download(samplePdfPath(s.sampleId), `${title}.pdf`)}
                            >
                              {t('console.safetyReview.samples.pdf')}
                            </Button>
                          </Stack>
                          <AnswersSummary steps={(loaded.samples.get(s.sampleId) ?? []).map(toStep)} />
                          <RiskLevelForm
                            label={t('console.safetyReview.samples.riskLevel', { title })}
                            value={s.sample?.safetyStatus ?? 'PENDING_EVALUATION'}
                            comment={{
                              label: t('console.safetyReview.samples.comment', { title }),
                              value: s.sample?.safetyComment ?? '',
                            }}
                            enabled={can.sampleRiskLevel && s.sample !== null && s.sample !== undefined}
                            busy={busy}
                            saveLabel={t('console.safetyReview.samples.save')}
                            onSave={saveSampleRisk(s.sampleId)}
                          />
                          {outcomeOf(`sampleRisk-${s.sampleId}`) ? (
                            <OutcomeAlert outcome={outcome!} onReload={reload} />
                          ) : null}
                        </Stack>
                      </Paper>
                    );
                  })}
                </Stack>
              )}
            </Section>
          </Stack>
          <Stack spacing={2} sx={{ flex: 2, minWidth: 0, width: '100%' }}>
            <Section title={t('console.safetyReview.risk.title')} testId="risk-level">
              <Stack spacing={2}>
                <RiskLevelForm
                  label={t('console.safetyReview.risk.label')}
                  value={safety.riskLevel}
                  enabled={can.experimentRiskLevel}
                  busy={busy}
                  saveLabel={t('console.safetyReview.risk.save')}
                  onSave={(level) =>
                    void run('riskLevel', () =>
                      safetyReviewCommands.setRiskLevel(safety.experimentSafetyPk, level),
                    )
                  }
                />
                {outcomeOf('riskLevel') ? <OutcomeAlert outcome={outcome!} onReload={reload} /> : null}
              </Stack>
            </Section>
            <DecisionPanel
              kind="scientist"
              decision={safety.instrumentScientistDecision}
              comment={safety.instrumentScientistDecisionComment ?? null}
              enabled={can.scientistDecision}
              busy={busy}
              outcome={outcomeOf('scientistDecision')}
              onSubmit={decide('scientist')}
              onReload={reload}
            />
            <DecisionPanel
              kind="reviewer"
              decision={safety.experimentSafetyReviewerDecision}
              comment={safety.experimentSafetyReviewerDecisionComment ?? null}
              enabled={can.reviewerDecision}
              busy={busy}
              outcome={outcomeOf('reviewerDecision')}
              onSubmit={decide('reviewer')}
              onReload={reload}
            />
            {can.requestChanges ? (
              <RequestChangesPanel
                lastComment={safety.changesRequestedComment ?? null}
                busy={busy}
                outcome={outcomeOf('requestChanges')}
                onSubmit={(comment) =>
                  void run('requestChanges', () =>
                    safetyReviewCommands.requestChanges({
                      experimentSafetyPk: safety.experimentSafetyPk,
                      esiVersion: safety.esiVersion,
                      comment,
                    }),
                  )
                }
                onReload={reload}
              />
            ) : null}
          </Stack>
        </Stack>
      </Stack>
    </Box>
  );
}
