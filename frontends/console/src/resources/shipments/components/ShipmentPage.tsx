import { useCallback, useEffect, useState } from 'react';
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
import ArrowBack from '@mui/icons-material/ArrowBack';
import { AnswersSummary, type QuestionaryStepData } from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { shipmentCommands, type ShipmentQuestionaryStep, type ShipmentRecord } from '../shipments.operations';
import { ShipmentActions } from './shipment-actions';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; shipment: ShipmentRecord; steps: ShipmentQuestionaryStep[] };

/**
 * A shipment (`/console/Shipments/{id}`, officers): its proposal, status, dates and samples, its declaration's
 * answers; its label and "mark received" as in the list.
 */
export function ShipmentPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { shipmentId } = useParams();
  const location = useLocation();
  const listParams = (location.state as { list?: string } | null)?.list ?? '';
  const id = Number(shipmentId);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const load = useCallback(async () => {
    try {
      const shipment = Number.isInteger(id) && id > 0 ? await shipmentCommands.shipment(id) : null;
      if (!shipment) return setState({ kind: 'notFound' });
      setState({
        kind: 'loaded',
        shipment,
        steps: await shipmentCommands.questionary(shipment.questionaryId),
      });
    } catch (e) {
      setState({ kind: 'error', message: (e as Error).message });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const back = (
    <Button component={Link} to={`/Shipments${listParams ? `?${listParams}` : ''}`} startIcon={<ArrowBack />}>
      {t('console.shipments.page.back')}
    </Button>
  );
  if (state.kind === 'loading') return <CircularProgress aria-label={t('app.loading')} />;
  if (state.kind !== 'loaded')
    return (
      <Paper sx={{ p: 2, mt: 2 }}>
        <Title title={t('console.shipments.title')} />
        {back}
        <Alert severity="error" sx={{ mt: 2 }}>
          {state.kind === 'notFound' ? t('console.shipments.page.notFound') : state.message}
        </Alert>
      </Paper>
    );
  const { shipment, steps } = state;
  const heading = t('console.shipments.page.title', { id: shipment.id, title: shipment.title });
  const facts: [string, string][] = [
    [
      t('console.shipments.columns.proposal'),
      shipment.proposal ? `${shipment.proposal.proposalId} ${shipment.proposal.title}` : '',
    ],
    [t('console.shipments.columns.status'), t(`console.shipments.statuses.${shipment.status}`)],
    [t('console.shipments.columns.created'), dates.dateTime(shipment.created)],
    [
      t('console.shipments.columns.receivedAt'),
      shipment.receivedAt ? dates.dateTime(shipment.receivedAt) : '–',
    ],
  ];
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={heading} />
      <Stack spacing={2}>
        <Box>{back}</Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
            {heading}
          </Typography>
          <ShipmentActions shipment={shipment} onDone={() => void load()} />
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box>
          <Typography component="h2" variant="h6">
            {t('console.shipments.page.samples')}
          </Typography>
          {shipment.samples.length === 0 ? (
            <Typography color="text.secondary">{t('console.shipments.page.noSamples')}</Typography>
          ) : (
            <List dense aria-label={t('console.shipments.page.samples')}>
              {shipment.samples.map((s) => (
                <ListItem key={s.id} disableGutters>
                  <ListItemText primary={s.title} secondary={`#${s.id}`} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Box>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('console.shipments.page.declaration')}
          </Typography>
          <AnswersSummary steps={steps as unknown as QuestionaryStepData[]} />
        </Box>
      </Stack>
    </Paper>
  );
}
