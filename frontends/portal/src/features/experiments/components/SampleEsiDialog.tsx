import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { request } from '@user-office/frontend-shared/graphql-client';
import { QuestionaryWizard, type BasisExtension } from '@user-office/frontend-shared/questionary';
import { ExperimentsUpdateSampleDocument, type ExperimentsSafetySampleFragment } from '../../../gql/graphql';
import { useEsi } from './esi-context';

export interface SampleEsiDialogProps {
  sample: ExperimentsSafetySampleFragment;
  title: string;
  onClose(): void;
}

/**
 * A selected sample's safety input: the sample ESI questionary's wizard (its SAMPLE_ESI_BASIS question shows the
 * sample), then the confirming checkbox (updateExperimentSample isSubmitted) that turns the sample green.
 */
export function SampleEsiDialog({ sample, title, onClose }: SampleEsiDialogProps) {
  const { t } = useTranslation();
  const { safety, locked, reload } = useEsi();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const basis = useMemo<BasisExtension>(
    () => ({
      initialValues: {},
      schema: {},
      Component: () => (
        <Box>
          <Typography variant="subtitle2" color="text.secondary">
            {t('experiments.esi.sampleEsi.sample')}
          </Typography>
          <Typography>{title}</Typography>
        </Box>
      ),
      save: async () => undefined,
    }),
    [t, title],
  );

  const confirmSample = async (isSubmitted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await request(ExperimentsUpdateSampleDocument, {
        experimentPk: sample.experimentPk,
        sampleId: sample.sampleId,
        isSubmitted,
      });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      await reload();
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="sample-esi-dialog-title">
      <DialogTitle id="sample-esi-dialog-title">
        {t('experiments.esi.sampleEsi.title', { title })}
      </DialogTitle>
      <DialogContent>
        <QuestionaryWizard
          questionaryId={sample.sampleEsiQuestionaryId}
          owner={{ proposalPk: safety.proposalPk }}
          basis={basis}
          readonly={locked}
          guardNavigation={false}
          onReloaded={() => void reload()}
        />
        <Box sx={{ mt: 3 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={sample.isEsiSubmitted}
                disabled={locked || busy}
                onChange={(e) => void confirmSample(e.target.checked)}
              />
            }
            label={t('experiments.esi.sampleEsi.confirm')}
          />
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('experiments.esi.sampleEsi.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
