import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  AnswersSummary,
  useConfirmedSubmit,
  type QuestionaryStepData,
} from '@user-office/frontend-shared/questionary';
import { ExperimentsSubmitSafetyDocument } from '../../../gql/graphql';
import { useEsi } from './esi-context';

/**
 * The ESI's last step: its answers and samples, and Submit (§4: needs confirmation; once submitted the button shows
 * Submitted and is disabled). Whether everything is complete is the server's to say ("All experiment safety inputs
 * must be completed").
 */
export function EsiReview({ steps, goBack }: { steps: QuestionaryStepData[]; goBack(): void }) {
  const { t } = useTranslation();
  const { safety, locked, reload } = useEsi();
  const {
    run: submit,
    busy,
    error,
    dialog: confirmDialog,
  } = useConfirmedSubmit(
    t('experiments.esi.submitConfirm'),
    () => request(ExperimentsSubmitSafetyDocument, { experimentSafetyPk: safety.experimentSafetyPk }),
    reload,
  );

  return (
    <Stack spacing={3}>
      <AnswersSummary steps={steps} />
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('experiments.esi.samples.title')}
        </Typography>
        {safety.samples.length === 0 ? (
          <Typography color="text.secondary">{t('experiments.esi.samples.noneSelected')}</Typography>
        ) : (
          <List dense aria-label={t('experiments.esi.samples.selected')}>
            {safety.samples.map((s) => (
              <ListItem key={s.sampleId} disableGutters>
                <ListItemText primary={s.sample?.title ?? s.sampleId} />
                <Chip
                  size="small"
                  variant="outlined"
                  color={s.isEsiSubmitted ? 'success' : 'error'}
                  label={t(`experiments.esi.samples.state.${s.isEsiSubmitted ? 'ready' : 'unfinished'}`)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={goBack}>{t('questionary.back')}</Button>
        <Button variant="contained" disabled={locked || busy} onClick={() => void submit()}>
          {locked ? t('experiments.esi.submitted') : t('experiments.esi.submit')}
        </Button>
      </Stack>
      {confirmDialog}
    </Stack>
  );
}
