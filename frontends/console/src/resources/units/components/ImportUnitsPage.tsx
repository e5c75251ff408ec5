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
      notify(t('console.units.imported', { count: ids.length }), { type: 'success' });
      redirect('list', 'Units');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Title title={t('console.units.importTitle')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.units.importTitle')}
      </Typography>
      <Typography gutterBottom>{t('console.units.importIntro')}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        <Button variant="outlined" component="label" startIcon={<UploadFile />}>
          {t('console.units.chooseFile')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            data-testid="units-file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Button>
        {fileName ? <Typography>{t('console.units.fileChosen', { name: fileName })}</Typography> : null}
      </Stack>
      {check ? (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {t('console.units.version', { version: check.version, date: check.exportDate ?? '' })}
          </Typography>
          {check.errors.length > 0 ? (
            <Alert severity="error">
              {t('console.units.errors')}
              <ul>
                {check.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <Table size="small" aria-label={t('console.units.importTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('console.units.columns.id')}</TableCell>
                <TableCell>{t('console.units.comparison.status')}</TableCell>
                <TableCell>{t('console.units.comparison.newUnit')}</TableCell>
                <TableCell>{t('console.units.comparison.existingUnit')}</TableCell>
                <TableCell>{t('console.units.comparison.choice')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {check.units.map((u) => (
                <TableRow key={u.newUnit.id}>
                  <TableCell>{u.newUnit.id}</TableCell>
                  <TableCell>{t(`console.units.comparison.${u.status}`)}</TableCell>
                  <TableCell>{describe(u.newUnit)}</TableCell>
                  <TableCell>{describe(u.existingUnit)}</TableCell>
                  <TableCell>
                    {u.status === 'DIFFERENT' ? (
                      <FormControl size="small" sx={{ minWidth: 160 }}>
                        <InputLabel id={`choice-${u.newUnit.id}`}>
                          {t('console.units.comparison.choice')}
                        </InputLabel>
                        <Select
                          labelId={`choice-${u.newUnit.id}`}
                          label={t('console.units.comparison.choice')}
                          inputProps={{
                            'aria-label': t('console.units.strategyLabel', { id: u.newUnit.id }),
                          }}
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
                              {t(`console.units.strategies.${s}`)}
                            </MenuItem>
                          ))}
                        </Select>
                      </FormControl>
                    ) : (
                      t(`console.units.strategies.${u.conflictResolutionStrategy}`)
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {unresolved ? <Alert severity="info">{t('console.units.unresolved')}</Alert> : null}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={busy || unresolved || check.errors.length > 0 || check.units.length === 0}
              onClick={() => void runImport()}
            >
              {t('console.units.importSubmit')}
            </Button>
            <Button onClick={() => redirect('list', 'Units')}>{t('console.common.cancel')}</Button>
          </Stack>
        </Stack>
      ) : null}
    </Paper>
  );
}
