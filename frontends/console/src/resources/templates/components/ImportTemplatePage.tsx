import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import FileUpload from '@mui/icons-material/FileUpload';
import { request } from '@user-office/frontend-shared/graphql-client';
import { Title, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ConsoleImportTemplateDocument,
  ConsoleValidateTemplateImportDocument,
  type ConsoleValidateTemplateImportMutation,
} from '../../../gql/graphql';
import { editorPathOf } from './TemplateList';
import {
  isChoosable,
  toConflictResolutions,
  unresolvedOf,
  type ComparisonChoice,
} from './import-resolutions';

type Validation = ConsoleValidateTemplateImportMutation['validateTemplateImport'];

/**
 * /console/ImportTemplate (§2, §7): a template file (from "Export") is validated by the server; each question is
 * shown as SAME, NEW or DIFFERENT, a DIFFERENT one asks USE_EXISTING or USE_NEW, and the import is refused while
 * any stays UNRESOLVED.
 */
export function ImportTemplatePage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [validation, setValidation] = useState<Validation | null>(null);
  const [choices, setChoices] = useState<ComparisonChoice[]>([]);
  const [busy, setBusy] = useState(false);

  const load = async (file: File) => {
    setBusy(true);
    try {
      const text = await file.text();
      const result = (await request(ConsoleValidateTemplateImportDocument, { templateAsJson: text }))
        .validateTemplateImport;
      setValidation(result);
      setChoices(
        result.questionComparisons.map((c) => ({
          questionId: c.newQuestion.id,
          status: c.status,
          strategy: c.conflictResolutionStrategy,
        })),
      );
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const unresolved = unresolvedOf(choices);
  const submit = async () => {
    if (!validation || unresolved.length > 0) return;
    setBusy(true);
    try {
      const imported = (
        await request(ConsoleImportTemplateDocument, {
          templateAsJson: validation.json,
          conflictResolutions: toConflictResolutions(choices),
        })
      ).importTemplate;
      notify(t('console.editors.import.done'), { type: 'success' });
      if (imported) navigate(editorPathOf(imported));
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const choose = (questionId: string, strategy: ComparisonChoice['strategy']) =>
    setChoices((all) => all.map((c) => (c.questionId === questionId ? { ...c, strategy } : c)));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('console.editors.import.title')} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('console.editors.import.title')}
          </Typography>
          <Box>
            <Button component="label" variant="outlined" startIcon={<FileUpload />} disabled={busy}>
              {t('console.editors.import.chooseFile')}
              <input
                hidden
                type="file"
                accept="application/json,.json"
                data-testid="import-file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void load(file);
                  e.target.value = '';
                }}
              />
            </Button>
          </Box>
          {validation ? (
            <>
              <Typography variant="body2">
                {t('console.editors.import.fileInfo', {
                  version: validation.version || '—',
                  date: validation.exportDate ?? '—',
                })}
              </Typography>
              {validation.errors.map((error) => (
                <Alert key={error} severity="error">
                  {error}
                </Alert>
              ))}
              <Table size="small" aria-label={t('console.editors.import.questions')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('console.editors.import.naturalKey')}</TableCell>
                    <TableCell>{t('console.editors.import.question')}</TableCell>
                    <TableCell>{t('console.editors.import.status')}</TableCell>
                    <TableCell>{t('console.editors.import.resolution')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {validation.questionComparisons.map((c) => {
                    const choice = choices.find((x) => x.questionId === c.newQuestion.id);
                    const labelId = `resolution-${c.newQuestion.id}`;
                    return (
                      <TableRow key={c.newQuestion.id}>
                        <TableCell>{c.newQuestion.naturalKey}</TableCell>
                        <TableCell>
                          {c.newQuestion.question}
                          {c.status === 'DIFFERENT' && c.existingQuestion ? (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {t('console.editors.import.existing', {
                                question: c.existingQuestion.question,
                              })}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell>{c.status}</TableCell>
                        <TableCell>
                          {choice && isChoosable(choice) ? (
                            <FormControl size="small" sx={{ minWidth: 180 }}>
                              <InputLabel id={labelId}>{t('console.editors.import.resolution')}</InputLabel>
                              <Select
                                labelId={labelId}
                                label={t('console.editors.import.resolution')}
                                value={choice.strategy}
                                onChange={(e) =>
                                  choose(c.newQuestion.id, e.target.value as ComparisonChoice['strategy'])
                                }
                              >
                                <MenuItem value="UNRESOLVED">UNRESOLVED</MenuItem>
                                <MenuItem value="USE_EXISTING">USE_EXISTING</MenuItem>
                                <MenuItem value="USE_NEW">USE_NEW</MenuItem>
                              </Select>
                            </FormControl>
                          ) : (
                            choice?.strategy
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              {unresolved.length > 0 ? (
                <Alert severity="warning">
                  {t('console.editors.import.unresolved', { count: unresolved.length })}
                </Alert>
              ) : null}
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void submit()}
                  disabled={busy || unresolved.length > 0 || validation.errors.length > 0}
                >
                  {t('console.editors.import.submit')}
                </Button>
              </Box>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
