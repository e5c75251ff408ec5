import { useState } from 'react';
import {
  Alert,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { Title, useDataProvider, useNotify, useRedirect } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import type { UnitsImport } from '../../admin-commands';
import type { ConflictResolutionStrategy } from '../../../gql/graphql';

type Unit = UnitsImport['units'][number]['newUnit'];

const describe = (u: Unit | null | undefined) =>
  u ? `${u.unit} (${u.symbol}), ${u.quantity}: ${u.siConversionFormula}` : '—';

/** The choices the import sends: each unit's default, changed by the officer for DIFFERENT ones. */
export function initialChoices(check: UnitsImport): Record<string, ConflictResolutionStrategy> {
  return Object.fromEntries(check.units.map((u) => [u.newUnit.id, u.conflictResolutionStrategy]));
}

/**
 * `/console/ImportUnits`: choose a units file; validateUnitsImport compares each unit with the existing one
 * (SAME, NEW, DIFFERENT) and lists the file's errors; for each DIFFERENT unit the officer keeps the existing or
 * uses the new one; importUnits(json, conflictResolutions).
 */
export function ImportUnitsPage() {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [fileName, setFileName] = useState<string | null>(null);
  const [check, setCheck] = useState<UnitsImport | null>(null);
  const [choices, setChoices] = useState<Record<string, ConflictResolutionStrategy>>({});
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setCheck(null);
    try {
      const result = await dataProvider.validateUnitsImport(await file.text());
      setCheck(result);
      setChoices(initialChoices(result));
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const unresolved = Object.values(choices).some((c) => c === 'UNRESOLVED');
  const runImport = async () => {
    if (!check) return;
    setBusy(true);
    try {
      const ids = await dataProvider.importUnits(
        check.json,
        Object.entries(choices).map(([itemId, strategy]) => ({ itemId, strategy })),
      );
      notify(t('admin.units.imported', { count: ids.length }), { type: 'success' });
      redirect('list', 'Units');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Title title={t('admin.units.importTitle')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('admin.units.importTitle')}
      </Typography>
      <Typography gutterBottom>{t('admin.units.importIntro')}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        <Button variant="outlined" component="label" startIcon={<UploadFile />}>
          {t('admin.units.chooseFile')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            data-testid="units-file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
        {fileName ? <Typography>{t('admin.units.fileChosen', { name: fileName })}</Typography> : null}
      </Stack>
      {check ? (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {t('admin.units.version', { version: check.version, date: check.exportDate ?? '' })}
          </Typography>
          {check.errors.length > 0 ? (
            <Alert severity="error">
              {t('admin.units.errors')}
              <ul>
                {check.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <Table size="small" aria-label={t('admin.units.importTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.units.columns.id')}</TableCell>
                <TableCell>{t('admin.units.comparison.status')}</TableCell>
                <TableCell>{t('admin.units.comparison.newUnit')}</TableCell>
                <TableCell>{t('admin.units.comparison.existingUnit')}</TableCell>
                <TableCell>{t('admin.units.comparison.choice')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {check.units.map((u) => (
                <TableRow key={u.newUnit.id}>
                  <TableCell>{u.newUnit.id}</TableCell>
                  <TableCell>{t(`admin.units.comparison.${u.status}`)}</TableCell>
                  <TableCell>{describe(u.newUnit)}</TableCell>
                  <TableCell>{describe(u.existingUnit)}</TableCell>
                  <TableCell>
                    {u.status === 'DIFFERENT' ? (
                      <FormControl size="small" sx={{ minWidth: 160 }}>
                        <InputLabel id={`choice-${u.newUnit.id}`}>
                          {t('admin.units.comparison.choice')}
                        </InputLabel>
                        <Select
                          labelId={`choice-${u.newUnit.id}`}
                          label={t('admin.units.comparison.choice')}
                          inputProps={{ 'aria-label': t('admin.units.strategyLabel', { id: u.newUnit.id }) }}
                          value={choices[u.newUnit.id]}
                          onChange={(e) =>
                            setChoices((c) => ({
                              ...c,
                              [u.newUnit.id]: e.target.value as ConflictResolutionStrategy,
                            }))
                          }
                        >
                          {(['UNRESOLVED', 'USE_EXISTING', 'USE_NEW'] as const).map((s) => (
                            <MenuItem key={s} value={s}>
                              {t(`admin.units.strategies.${s}`)}
                            </MenuItem>
                          ))}
                        </Select>
                      </FormControl>
                    ) : (
                      t(`admin.units.strategies.${u.conflictResolutionStrategy}`)
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {unresolved ? <Alert severity="info">{t('admin.units.unresolved')}</Alert> : null}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={busy || unresolved || check.errors.length > 0 || check.units.length === 0}
              onClick={() => void runImport()}
            >
              {t('admin.units.importSubmit')}
            </Button>
            <Button onClick={() => redirect('list', 'Units')}>{t('admin.common.cancel')}</Button>
          </Stack>
        </Stack>
      ) : null}
    </Paper>
  );
}
