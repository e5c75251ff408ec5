import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { mergeInstitutionsSchema } from '@user-office/contracts';
import {
  Confirm,
  Loading,
  Title,
  useDataProvider,
  useGetList,
  useGetOne,
  useNotify,
  useRedirect,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { yupValidate } from '../../../app/form-validation';
import type { InstitutionRecord } from '../institutions.operations';

const validateMerge = yupValidate(mergeInstitutionsSchema);

/**
 * `/console/MergeInstitutionsPage/{id}`: merge this institution into another one under a new title
 * (mergeInstitutions(institutionIdFrom, institutionIdInto, newTitle)), after a confirmation.
 */
export function MergeInstitutionsPage() {
  const { t } = useTranslation();
  const { institutionId } = useParams();
  const fromId = Number(institutionId);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: from, error, isPending } = useGetOne<InstitutionRecord>('Institutions', { id: fromId });
  const { data: all = [] } = useGetList<InstitutionRecord>('Institutions', {
    pagination: { page: 1, perPage: 10000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [into, setInto] = useState<InstitutionRecord | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (into) setNewTitle(into.name);
  }, [into]);

  if (isPending) return <Loading />;
  if (error || !from) return <Alert severity="error">{(error as Error | null)?.message ?? ''}</Alert>;

  const check = () => {
    const found = validateMerge({ institutionIdFrom: fromId, institutionIdInto: into?.id, newTitle });
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const merge = async () => {
    try {
      await dataProvider.mergeInstitutions(fromId, into!.id, newTitle.trim());
      notify(t('console.institutions.merged'), { type: 'success' });
      redirect('list', 'Institutions');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Paper sx={{ p: 3, mt: 2, maxWidth: 720 }}>
      <Title title={t('console.institutions.mergeTitle', { name: from.name })} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.institutions.mergeTitle', { name: from.name })}
      </Typography>
      <Typography gutterBottom>{t('console.institutions.mergeIntro', { name: from.name })}</Typography>
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Autocomplete
          options={all.filter((i) => i.id !== fromId)}
          getOptionLabel={(i) => i.name}
          value={into}
          onChange={(_e, value) => setInto(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('console.institutions.mergeInto')}
              error={Boolean(errors.institutionIdInto)}
              helperText={errors.institutionIdInto}
            />
          )}
        />
        <TextField
          label={t('console.institutions.newTitle')}
          value={newTitle}
          onChange={(e) => setNewTitle(e.target.value)}
          error={Boolean(errors.newTitle)}
          helperText={errors.newTitle}
        />
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={check}>
            {t('console.institutions.mergeSubmit')}
          </Button>
          <Button onClick={() => redirect('list', 'Institutions')}>{t('console.common.cancel')}</Button>
        </Stack>
      </Stack>
      <Confirm
        isOpen={confirming}
        title={t('console.institutions.mergeSubmit')}
        content={t('console.institutions.mergeConfirm', {
          from: from.name,
          into: into?.name ?? '',
          title: newTitle,
        })}
        onClose={() => setConfirming(false)}
        onConfirm={() => void merge()}
      />
    </Paper>
  );
}
