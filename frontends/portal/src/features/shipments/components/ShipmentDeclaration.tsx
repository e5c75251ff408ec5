import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import { updateShipmentSchema } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  AnswersSummary,
  questionaryStepDefinitions,
  useConfirmedSubmit,
  useQuestionary,
  Wizard,
  type BasisExtension,
  type QuestionaryStepData,
  type WizardStepDefinition,
} from '@user-office/frontend-shared/questionary';
import {
  ShipmentsProposalSamplesDocument,
  ShipmentsSetSamplesDocument,
  ShipmentsSubmitDocument,
  ShipmentsUpdateDocument,
} from '../../../gql/graphql';
import { ShipmentBasis } from './ShipmentBasis';
import {
  ShipmentContext,
  useShipment,
  type LoadedShipment,
  type ProposalSample,
  type ShipmentContextValue,
} from './shipment-context';

/** The label's file name is the server's (x-download-filename); this names the pending download. */
export const labelPath = (shipmentId: number) => `/download/pdf/shipment-label/${shipmentId}`;

/**
 * The shipment declaration wizard (§2 /DeclareShipments, §4 Wizard, "Shipment: submission locks editing"): the
 * steps of its SHIPMENT_DECLARATION questionary — the SHIPMENT_BASIS step holds the title and the samples
 * (updateShipment, addSamplesToShipment) —, then the review with Submit (confirmed) and, once submitted, Download
 * shipment label.
 */
export function ShipmentDeclaration({
  shipment,
  reload,
}: {
  shipment: LoadedShipment;
  reload(): Promise<void>;
}) {
  const { t } = useTranslation();
  const locked = shipment.status !== 'DRAFT';
  const questionary = useQuestionary(shipment.questionaryId);
  const reloadQuestionary = questionary.reload;
  const [proposalSamples, setProposalSamples] = useState<ProposalSample[] | null>(null);
  const [samplesError, setSamplesError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    request(ShipmentsProposalSamplesDocument, { proposalPk: shipment.proposalPk })
      .then((data) => live && setProposalSamples(data.getSamplesWithQuestionaryStatus))
      .catch((e: Error) => {
        if (!live) return;
        setSamplesError(e.message);
        setProposalSamples([]);
      });
    return () => {
      live = false;
    };
  }, [shipment.proposalPk]);

  const reloadAll = useCallback(async () => {
    await Promise.all([reload(), reloadQuestionary()]);
  }, [reload, reloadQuestionary]);
  const context = useMemo<ShipmentContextValue>(
    () => ({ shipment, proposalSamples, locked, reload }),
    [shipment, proposalSamples, locked, reload],
  );

  // one object per loaded shipment: the step form re-initialises when the saved values change, not on each render
  const basis = useMemo<BasisExtension>(
    () => ({
      initialValues: { title: shipment.title, sampleIds: shipment.sampleIds },
      schema: { title: updateShipmentSchema.fields.title as AnySchema },
      Component: ShipmentBasis,
      save: async (values) => {
        const title = String(values.title ?? '');
        if (title !== shipment.title)
          await request(ShipmentsUpdateDocument, {
            shipmentId: shipment.id,
            title,
            proposalPk: shipment.proposalPk,
          });
        await request(ShipmentsSetSamplesDocument, {
          shipmentId: shipment.id,
          sampleIds: (values.sampleIds as number[] | undefined) ?? [],
        });
      },
    }),
    [shipment],
  );

  const questionarySteps = questionary.steps;
  const steps = useMemo<WizardStepDefinition[]>(() => {
    const review: WizardStepDefinition = {
      key: 'review',
      title: t('shipments.declaration.review'),
      isCompleted: locked,
      isReview: true,
      render: (ctx) => <ShipmentReview steps={questionarySteps} goBack={ctx.goBack} />,
    };
    return [
      ...questionaryStepDefinitions({
        steps: questionarySteps,
        questionaryId: shipment.questionaryId,
        owner: { proposalPk: shipment.proposalPk },
        basis,
      }),
      review,
    ];
  }, [questionarySteps, shipment.questionaryId, shipment.proposalPk, basis, locked, t]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="shipment-declaration-title">
      <Typography id="shipment-declaration-title" component="h2" variant="h6" gutterBottom>
        {t('shipments.declaration.title', { title: shipment.title })}
      </Typography>
      {samplesError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {samplesError}
        </Alert>
      ) : null}
      {locked ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('shipments.declaration.readOnlySubmitted')}
        </Alert>
      ) : null}
      {questionary.error ? <Alert severity="error">{questionary.error}</Alert> : null}
      {!questionary.questionary && !questionary.error ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : null}
      {questionary.questionary ? (
        <ShipmentContext.Provider value={context}>
          <Wizard steps={steps} readonly={locked} reload={reloadAll} stepParam="step" />
        </ShipmentContext.Provider>
      ) : null}
    </Paper>
  );
}

/** The last step: the answers and samples; Submit after confirmation (then locked); the label once submitted. */
function ShipmentReview({ steps, goBack }: { steps: QuestionaryStepData[]; goBack(): void }) {
  const { t } = useTranslation();
  const { shipment, locked, reload } = useShipment();
  const { download } = useDownloads();
  const {
    run: submit,
    busy,
    error,
    dialog: confirmDialog,
  } = useConfirmedSubmit(
    t('shipments.declaration.submitConfirm'),
    () => request(ShipmentsSubmitDocument, { shipmentId: shipment.id }),
    reload,
  );

  return (
    <Stack spacing={3}>
      <AnswersSummary steps={steps} />
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('shipments.declaration.samples')}
        </Typography>
        {shipment.samples.length === 0 ? (
          <Typography color="text.secondary">{t('shipments.declaration.noneSelected')}</Typography>
        ) : (
          <List dense aria-label={t('shipments.declaration.samples')}>
            {shipment.samples.map((s) => (
              <ListItem key={s.id} disableGutters>
                <ListItemText primary={s.title} />
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
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={goBack}>{t('questionary.back')}</Button>
        {locked ? (
          <Button
            variant="outlined"
            startIcon={<Download />}
            onClick={() => void download(labelPath(shipment.id), shipment.title)}
          >
            {t('shipments.declaration.downloadLabel')}
          </Button>
        ) : null}
        <Button variant="contained" disabled={locked || busy} onClick={() => void submit()}>
          {locked ? t('shipments.declaration.submitted') : t('shipments.declaration.submit')}
        </Button>
      </Stack>
      {confirmDialog}
    </Stack>
  );
}
