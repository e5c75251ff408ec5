import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
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
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { ApiError, request } from '@user-office/frontend-shared/graphql-client';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import {
  ShipmentsCreateDocument,
  ShipmentsDeleteDocument,
  ShipmentsPageDocument,
  type ShipmentsPageQuery,
} from '../../../gql/graphql';
import type { LoadedShipment } from './shipment-context';
import { labelPath, ShipmentDeclaration } from './ShipmentDeclaration';

type Experiment = ShipmentsPageQuery['getUserExperiments'][number];

type LoadState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; experiment: Experiment; shipments: LoadedShipment[] };

/**
 * /DeclareShipments/{experimentPk} (§2): the shipments of one of the caller's experiments — created with a title
 * (createShipment; §5's messages are the server's), each opened in its declaration wizard (`?shipment=` in the
 * address), submitted drafts locked, their label downloaded; a draft can be deleted.
 */
export function DeclareShipmentsPage() {
  const { t } = useTranslation();
  const { experimentPk } = useParams();
  const pk = Number(experimentPk);
  const [searchParams, setSearchParams] = useSearchParams();
  const openedId = Number(searchParams.get('shipment')) || null;
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const load = useCallback(async () => {
    if (!Number.isInteger(pk) || pk <= 0) {
      setState({ kind: 'notFound' });
      return;
    }
    try {
      const data = await request(ShipmentsPageDocument, { experimentPk: pk });
      const experiment = data.getUserExperiments.find((e) => e.experimentPk === pk);
      setState(experiment ? { kind: 'loaded', experiment, shipments: data.shipments } : { kind: 'notFound' });
    } catch (e) {
      setState((s) => (s.kind === 'loaded' ? s : { kind: 'error', message: (e as Error).message }));
    }
  }, [pk]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = (shipmentId: number | null) => {
    const next = new URLSearchParams();
    if (shipmentId !== null) next.set('shipment', String(shipmentId));
    setSearchParams(next);
  };

  const heading = (
    <Typography component="h1" variant="h5" gutterBottom>
      {t('shipments.title')}
    </Typography>
  );
  if (state.kind === 'loading') return <CircularProgress aria-label={t('app.loading')} />;
  if (state.kind !== 'loaded')
    return (
      <Box>
        {heading}
        <Alert severity="error">{state.kind === 'notFound' ? t('shipments.notFound') : state.message}</Alert>
      </Box>
    );
  const { experiment, shipments } = state;
  const opened = shipments.find((s) => s.id === openedId) ?? null;
  return (
    <Stack spacing={3}>
      <Box>
        {heading}
        <ExperimentSummary experiment={experiment} />
      </Box>
      <ShipmentsTable shipments={shipments} openedId={opened?.id ?? null} onOpen={open} reload={load} />
      {opened ? <ShipmentDeclaration key={opened.id} shipment={opened} reload={load} /> : null}
      <CreateShipment experiment={experiment} onCreated={async (id) => (await load(), open(id))} />
    </Stack>
  );
}

function ExperimentSummary({ experiment }: { experiment: Experiment }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Typography color="text.secondary">
      {[
        `${t('shipments.proposal')}: ${experiment.proposal?.proposalId ?? ''}`,
        experiment.proposal?.title,
        `${t('shipments.experiment')}: ${experiment.experimentId}`,
        experiment.instrument?.name,
        `${dates.dateTime(experiment.startsAt)} – ${dates.dateTime(experiment.endsAt)}`,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Typography>
  );
}

function RowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick(): void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

function ShipmentsTable({
  shipments,
  openedId,
  onOpen,
  reload,
}: {
  shipments: LoadedShipment[];
  openedId: number | null;
  onOpen(id: number | null): void;
  reload(): Promise<void>;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { download } = useDownloads();
  const [confirm, confirmDialog] = useConfirm();
  const [error, setError] = useState<string | null>(null);

  const remove = async (shipment: LoadedShipment) => {
    if (!(await confirm(t('shipments.list.deleteConfirm', { title: shipment.title })))) return;
    setError(null);
    try {
      await request(ShipmentsDeleteDocument, { shipmentId: shipment.id });
      if (openedId === shipment.id) onOpen(null);
    } catch (e) {
      setError((e as Error).message);
    }
    await reload();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('shipments.list.title')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {shipments.length === 0 ? (
        <Typography color="text.secondary">{t('shipments.list.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('shipments.list.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('shipments.list.columns.actions')}</TableCell>
              <TableCell>{t('shipments.list.columns.id')}</TableCell>
              <TableCell>{t('shipments.list.columns.title')}</TableCell>
              <TableCell>{t('shipments.list.columns.status')}</TableCell>
              <TableCell>{t('shipments.list.columns.samples')}</TableCell>
              <TableCell>{t('shipments.list.columns.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shipments.map((s) => {
              const draft = s.status === 'DRAFT';
              return (
                <TableRow key={s.id} selected={s.id === openedId} data-testid={`shipment-row-${s.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction
                      label={t(draft ? 'shipments.list.openLabel' : 'shipments.list.viewLabel', {
                        title: s.title,
                      })}
                      icon={draft ? <Edit /> : <Visibility />}
                      onClick={() => onOpen(s.id)}
                    />
                    {draft ? null : (
                      <RowAction
                        label={t('shipments.list.downloadLabel', { title: s.title })}
                        icon={<Download />}
                        onClick={() => void download(labelPath(s.id), s.title)}
                      />
                    )}
                    {draft ? (
                      <RowAction
                        label={t('shipments.list.deleteLabel', { title: s.title })}
                        icon={<Delete />}
                        onClick={() => void remove(s)}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell>{s.id}</TableCell>
                  <TableCell>{s.title}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={draft ? 'default' : 'success'}
                      label={t(`shipments.statuses.${s.status}`, s.status)}
                    />
                    {s.receivedAt ? (
                      <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
                        {t('shipments.list.received', { date: dates.date(s.receivedAt) })}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{s.samples.map((x) => x.title).join(', ')}</TableCell>
                  <TableCell>{dates.dateTime(s.created)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {confirmDialog}
    </Paper>
  );
}

/** createShipment(title, proposalPk, experimentPk): the title's messages (§5) are the server's. */
function CreateShipment({
  experiment,
  onCreated,
}: {
  experiment: Experiment;
  onCreated(shipmentId: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    setBusy(true);
    setFieldError(null);
    setError(null);
    try {
      const { createShipment } = await request(ShipmentsCreateDocument, {
        title,
        proposalPk: experiment.proposalPk,
        experimentPk: experiment.experimentPk,
      });
      setTitle('');
      await onCreated(createShipment.id);
    } catch (e) {
      const titleError = e instanceof ApiError ? e.fieldErrors.title : undefined;
      if (titleError) setFieldError(titleError);
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('shipments.create.title')}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label={t('shipments.create.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('shipments.create.field')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? undefined}
            sx={{ minWidth: 320 }}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
            {t('shipments.create.button')}
          </Button>
        </Stack>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </Box>
    </Paper>
  );
}
