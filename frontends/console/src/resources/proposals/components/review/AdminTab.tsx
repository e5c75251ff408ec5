import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { administrationProposalSchema, ProposalEndStatus, validationLimits } from '@user-office/contracts';
import { useFormik } from 'formik';
import { useDataProvider, useNotify } from 'react-admin';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../../app/data-provider';
import type { ProposalRecord } from '../../proposals.operations';
import { PanelRecommendation } from './PanelRecommendation';

interface AdminValues {
  finalStatus: ProposalEndStatus;
  commentForUser: string;
  commentForManagement: string;
  managementTimeAllocations: { instrumentId: number; value: number | string }[];
  managementDecisionSubmitted: boolean;
}

/** The instruments' allocations that have a value, with their place in the form. */
const filledAllocations = (values: AdminValues) =>
  values.managementTimeAllocations
    .map((allocation, index) => ({ allocation, index }))
    .filter(({ allocation }) => String(allocation.value).trim() !== '');

/**
 * Admin (§2 review modal, §5 Administration): final status, comments for the user and for management (6000
 * characters, counted), management time per instrument (0–100000, the call's unit), decision submitted; saved by
 * administrationProposal, then Notify (notifyProposal) tells the proposers. With FAP_REVIEW, the panel's
 * recommendation (its meeting decision) shows above it.
 */
export function AdminTab({ proposal, onSaved }: { proposal: ProposalRecord; onSaved(): void }) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [notifying, setNotifying] = useState(false);
  const unit = proposal.call?.allocationTimeUnit.toLowerCase() ?? '';
  const settings = useSettings();

  const form = useFormik<AdminValues>({
    initialValues: {
      finalStatus: proposal.finalStatus as ProposalEndStatus,
      commentForUser: proposal.commentForUser,
      commentForManagement: proposal.commentForManagement ?? '',
      // one field per instrument the proposal is on, with the time saved for it (empty before any)
      managementTimeAllocations: proposal.instruments.map((i) => ({
        instrumentId: i.id,
        value: proposal.managementTimeAllocations.find((a) => a.instrumentId === i.id)?.value ?? '',
      })),
      managementDecisionSubmitted: proposal.managementDecisionSubmitted,
    },
    enableReinitialize: true,
    validate: async (values) => {
      // an instrument's field left empty allocates nothing yet: only the filled ones are sent and checked
      const filled = filledAllocations(values);
      try {
        await administrationProposalSchema.validate(
          {
            ...values,
            managementTimeAllocations: filled.map((f) => f.allocation),
            proposalPk: proposal.primaryKey,
          },
          { abortEarly: false },
        );
        return {};
      } catch (e) {
        const errors: Record<string, string> = {};
        for (const inner of (e as { inner?: { path?: string; message: string }[] }).inner ?? []) {
          // the error of the k-th filled allocation belongs to that instrument's field
          const path = inner.path?.replace(
            /^managementTimeAllocations\[(\d+)\]/,
            (_, k: string) => `managementTimeAllocations[${filled[Number(k)]?.index ?? k}]`,
          );
          if (path && !errors[path]) errors[path] = inner.message;
        }
        return errors;
      }
    },
    onSubmit: async (values) => {
      try {
        await dataProvider.administrationProposal({
          proposalPk: proposal.primaryKey,
          finalStatus: values.finalStatus,
          commentForUser: values.commentForUser,
          commentForManagement: values.commentForManagement,
          managementTimeAllocations: filledAllocations(values).map(({ allocation }) => ({
            instrumentId: allocation.instrumentId,
            value: Number(allocation.value),
          })),
          managementDecisionSubmitted: values.managementDecisionSubmitted,
        });
        notify(t('success.saved'), { type: 'success' });
        onSaved();
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
    },
  });

  const sendNotification = async () => {
    setNotifying(true);
    try {
      await dataProvider.notifyProposal(proposal.primaryKey);
      notify(t('console.proposals.notify.done', { count: 1 }), { type: 'success' });
      onSaved();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setNotifying(false);
    }
  };

  const errors = form.errors as Record<string, string | undefined>;
  const counter = (value: string) => `${value.length}/${validationLimits.commentMax}`;
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ maxWidth: 720 }}>
      {settings.isEnabled('FAP_REVIEW') ? <PanelRecommendation proposal={proposal} /> : null}
      <Stack spacing={2}>
        <FormControl fullWidth error={Boolean(errors.finalStatus)}>
          <InputLabel id="final-status-label">{t('console.review.admin.finalStatus')}</InputLabel>
          <Select
            labelId="final-status-label"
            label={t('console.review.admin.finalStatus')}
            name="finalStatus"
            value={form.values.finalStatus}
            onChange={form.handleChange}
          >
            {Object.values(ProposalEndStatus).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`console.review.finalStatuses.${s}`)}
              </MenuItem>
            ))}
          </Select>
          {errors.finalStatus ? <FormHelperText>{errors.finalStatus}</FormHelperText> : null}
        </FormControl>
        <TextField
          name="commentForUser"
          label={t('console.review.admin.commentForUser')}
          multiline
          minRows={2}
          maxRows={16}
          value={form.values.commentForUser}
          onChange={form.handleChange}
          error={Boolean(errors.commentForUser)}
          helperText={errors.commentForUser ?? counter(form.values.commentForUser)}
        />
        <TextField
          name="commentForManagement"
          label={t('console.review.admin.commentForManagement')}
          multiline
          minRows={2}
          maxRows={16}
          value={form.values.commentForManagement}
          onChange={form.handleChange}
          error={Boolean(errors.commentForManagement)}
          helperText={errors.commentForManagement ?? counter(form.values.commentForManagement)}
        />
        {form.values.managementTimeAllocations.length === 0 ? (
          <Alert severity="info">{t('console.review.admin.noInstruments')}</Alert>
        ) : (
          form.values.managementTimeAllocations.map((a, i) => (
            <TextField
              key={a.instrumentId}
              type="number"
              name={`managementTimeAllocations[${i}].value`}
              label={t('console.review.admin.timeAllocation', {
                instrument: proposal.instruments.find((i) => i.id === a.instrumentId)?.name ?? a.instrumentId,
                unit,
              })}
              value={a.value}
              onChange={form.handleChange}
              slotProps={{ htmlInput: { min: 0, max: validationLimits.timeAllocationMax } }}
              error={Boolean(errors[`managementTimeAllocations[${i}].value`])}
              helperText={errors[`managementTimeAllocations[${i}].value`]}
            />
          ))
        )}
        <FormControlLabel
          control={
            <Checkbox
              name="managementDecisionSubmitted"
              checked={form.values.managementDecisionSubmitted}
              onChange={form.handleChange}
            />
          }
          label={t('console.review.admin.decisionSubmitted')}
        />
        {proposal.notified ? <Alert severity="success">{t('console.review.admin.notified')}</Alert> : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {t('console.review.admin.save')}
          </Button>
          <Button
            variant="outlined"
            disabled={notifying || proposal.notified || !proposal.managementDecisionSubmitted}
            onClick={() => void sendNotification()}
          >
            {t('console.review.admin.notify')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
