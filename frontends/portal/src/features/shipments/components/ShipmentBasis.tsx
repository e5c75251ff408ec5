import {
  Box,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { useShipment } from './shipment-context';

/**
 * The SHIPMENT_BASIS question of the declaration (§3 Shipment basis: title, proposal, samples): the shipment's
 * title and the samples of its proposal that travel in it. Saved with the step (updateShipment, then
 * addSamplesToShipment with the whole list); the proposal is the experiment's and does not change.
 */
export function ShipmentBasis({ readonly }: { readonly: boolean }) {
  const { t } = useTranslation();
  const { proposalSamples, locked } = useShipment();
  const [title, titleMeta, titleHelpers] = useField<string>('title');
  const [sampleIds, , sampleHelpers] = useField<number[]>('sampleIds');
  const disabled = readonly || locked;
  const selected = new Set(sampleIds.value ?? []);
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    void sampleHelpers.setValue((proposalSamples ?? []).map((s) => s.id).filter((s) => next.has(s)));
  };
  const titleError = titleMeta.touched ? titleMeta.error : undefined;
  return (
    <Stack spacing={2}>
      <TextField
        {...title}
        value={title.value ?? ''}
        onChange={(e) => void titleHelpers.setValue(e.target.value)}
        label={t('shipments.declaration.basisTitle')}
        disabled={disabled}
        error={Boolean(titleError)}
        helperText={titleError}
        fullWidth
        required
      />
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('shipments.declaration.samples')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('shipments.declaration.samplesHelp')}
        </Typography>
      </Box>
      {proposalSamples === null ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : proposalSamples.length === 0 ? (
        <Typography>{t('shipments.declaration.noProposalSamples')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('shipments.declaration.samples')}>
          {proposalSamples.map((sample) => (
            <ListItem key={sample.id} divider>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={selected.has(sample.id)}
                    disabled={disabled}
                    onChange={() => toggle(sample.id)}
                  />
                }
                label={sample.title}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
