import { useCallback, useEffect, useState, type ReactElement } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useTranslation } from 'react-i18next';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import {
  ExperimentsAddSampleDocument,
  ExperimentsCloneSampleDocument,
  ExperimentsProposalSamplesDocument,
  ExperimentsRemoveSampleDocument,
  type ExperimentsProposalSamplesQuery,
} from '../../../gql/graphql';
import { sampleEsiState, useEsi, type SampleEsiState } from './esi-context';
import { SampleEsiDialog } from './SampleEsiDialog';

type ProposalSample = ExperimentsProposalSamplesQuery['getSamplesWithQuestionaryStatus'][number];

const STATE_CHIP: Record<
  Exclude<SampleEsiState, 'notSelected'>,
  { color: 'error' | 'success'; icon: ReactElement }
> = {
  unfinished: { color: 'error', icon: <ErrorIcon /> },
  ready: { color: 'success', icon: <CheckCircle /> },
};

/**
 * The PROPOSAL_ESI_BASIS question of the ESI: the proposal, and its samples to bring to the experiment. A sample is
 * selected (addSampleToExperiment), deselected after §8's confirmation (removeSampleFromExperiment) or cloned with a
 * new title (cloneExperimentSample); a selected sample is red until its sample ESI is filled and confirmed (green).
 */
export function EsiSamples({ readonly }: { readonly: boolean }) {
  const { t } = useTranslation();
  const { experiment, safety, locked, reload } = useEsi();
  const [confirm, confirmDialog] = useConfirm();
  const [samples, setSamples] = useState<ProposalSample[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [cloning, setCloning] = useState<ProposalSample | null>(null);
  const disabled = readonly || locked || busy;

  const loadSamples = useCallback(async () => {
    try {
      const data = await request(ExperimentsProposalSamplesDocument, { proposalPk: safety.proposalPk });
      setSamples(data.getSamplesWithQuestionaryStatus);
    } catch (e) {
      setError((e as Error).message);
      setSamples((s) => s ?? []);
    }
  }, [safety.proposalPk]);

  useEffect(() => {
    void loadSamples();
  }, [loadSamples]);

  /** runs a command, then reloads the ESI; a refusal shows the server's message */
  const command = async (run: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await run();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      await reload();
      setBusy(false);
    }
  };

  const toggle = async (sample: ProposalSample, selected: boolean) => {
    const experimentPk = safety.experimentPk;
    if (!selected) {
      await command(() => request(ExperimentsAddSampleDocument, { experimentPk, sampleId: sample.id }));
      return;
    }
    if (!(await confirm(t('experiments.esi.samples.deselectConfirm')))) return;
    await command(() => request(ExperimentsRemoveSampleDocument, { experimentPk, sampleId: sample.id }));
  };

  const clone = async (title: string) => {
    const source = cloning;
    if (!source) return;
    setCloning(null);
    const done = await command(() =>
      request(ExperimentsCloneSampleDocument, {
        experimentPk: safety.experimentPk,
        sampleId: source.id,
        newSampleTitle: title,
      }),
    );
    if (done) await loadSamples();
  };

  const openedSample = safety.samples.find((s) => s.sampleId === opened) ?? null;

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle2" color="text.secondary">
          {t('experiments.esi.proposal')}
        </Typography>
        <Typography>
          {experiment.proposal?.proposalId} – {experiment.proposal?.title}
        </Typography>
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('experiments.esi.samples.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('experiments.esi.samples.help')}
        </Typography>
      </Box>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {samples === null ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : samples.length === 0 ? (
        <Typography>{t('experiments.esi.samples.none')}</Typography>
      ) : (
        <List dense aria-label={t('experiments.esi.samples.title')} disablePadding>
          {samples.map((sample) => {
            const state = sampleEsiState(safety, sample.id);
            const selected = state !== 'notSelected';
            return (
              <ListItem
                key={sample.id}
                data-testid={`esi-sample-${sample.id}`}
                data-state={state}
                divider
                sx={{ gap: 1, flexWrap: 'wrap' }}
              >
                <FormControlLabel
                  sx={{ flexGrow: 1 }}
                  control={
                    <Checkbox
                      checked={selected}
                      disabled={disabled}
                      onChange={() => void toggle(sample, selected)}
                    />
                  }
                  label={sample.title}
                />
                {state === 'notSelected' ? null : (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATE_CHIP[state].color}
                    icon={STATE_CHIP[state].icon}
                    label={t(`experiments.esi.samples.state.${state}`)}
                  />
                )}
                {selected ? (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setOpened(sample.id)}
                    aria-label={t(
                      locked ? 'experiments.esi.samples.viewFor' : 'experiments.esi.samples.openFor',
                      { title: sample.title },
                    )}
                  >
                    {t(locked ? 'experiments.esi.samples.view' : 'experiments.esi.samples.open')}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  disabled={disabled}
                  onClick={() => setCloning(sample)}
                  aria-label={t('experiments.esi.samples.cloneFor', { title: sample.title })}
                >
                  {t('experiments.esi.samples.clone')}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
      {openedSample ? (
        <SampleEsiDialog
          sample={openedSample}
          title={samples?.find((s) => s.id === openedSample.sampleId)?.title ?? ''}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {cloning ? (
        <CloneSampleDialog
          source={cloning}
          onCancel={() => setCloning(null)}
          onClone={(title) => void clone(title)}
        />
      ) : null}
      {confirmDialog}
    </Stack>
  );
}

/** cloneExperimentSample's new title (the server checks it). */
function CloneSampleDialog({
  source,
  onCancel,
  onClone,
}: {
  source: ProposalSample;
  onCancel(): void;
  onClone(title: string): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(t('experiments.esi.samples.copyOf', { title: source.title }));
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="esi-clone-sample-title">
      <DialogTitle id="esi-clone-sample-title">{t('experiments.esi.samples.cloneTitle')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="esi-clone-sample-form"
          noValidate
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            onClone(title);
          }}
        >
          <TextField
            label={t('experiments.esi.samples.newTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            fullWidth
            autoFocus
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('confirm.no')}</Button>
        <Button type="submit" form="esi-clone-sample-form" variant="contained">
          {t('experiments.esi.samples.clone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
