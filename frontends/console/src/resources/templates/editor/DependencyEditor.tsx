import {
  Alert,
  Box,
  Button,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import type { DependenciesLogicOperator } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import {
  dependencyCandidates,
  dependencyErrors,
  operatorFor,
  valueOptionsOf,
  type DependencyRow,
  type PlacedQuestion,
} from './dependencies';

export interface DependencyEditorProps {
  questionId: string;
  placed: readonly PlacedQuestion[];
  rows: DependencyRow[];
  operator: DependenciesLogicOperator | `${DependenciesLogicOperator}`;
  onChange(rows: DependencyRow[], operator: DependenciesLogicOperator): void;
}

/**
 * The dependencies of a question on this template (§4): the question depended on (only boolean, selection,
 * instrument and technique pickers; never itself nor one that depends on it), eq / neq, a value from that question's
 * options, and AND / OR (default AND; back to AND when one remains).
 */
export function DependencyEditor({ questionId, placed, rows, operator, onChange }: DependencyEditorProps) {
  const { t } = useTranslation();
  const candidates = dependencyCandidates(questionId, placed);
  const byId = new Map(placed.map((p) => [p.questionId, p]));
  const errors = dependencyErrors(questionId, rows, placed);
  const change = (next: DependencyRow[], op = operator) => onChange(next, operatorFor(next, op));
  const setRow = (index: number, patch: Partial<DependencyRow>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const encode = (v: unknown) => JSON.stringify(v);

  return (
    <Stack spacing={2} data-testid="dependency-editor">
      <Typography variant="subtitle2" component="h3">
        {t('console.editors.question.dependencies')}
      </Typography>
      {rows.map((row, index) => {
        const on = byId.get(row.dependencyId);
        const values = valueOptionsOf(on);
        const n = index + 1;
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormControl size="small" sx={{ flex: 2, minWidth: 0 }}>
              <InputLabel id={`dep-${n}-question`}>{t('console.editors.question.dependency')}</InputLabel>
              <Select
                labelId={`dep-${n}-question`}
                label={t('console.editors.question.dependency')}
                value={row.dependencyId}
                onChange={(e) => setRow(index, { dependencyId: e.target.value, params: null })}
              >
                {candidates.map((c) => (
                  <MenuItem key={c.questionId} value={c.questionId}>
                    {c.question} ({c.naturalKey})
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ flex: 1 }}>
              <InputLabel id={`dep-${n}-condition`}>{t('console.editors.question.condition')}</InputLabel>
              <Select
                labelId={`dep-${n}-condition`}
                label={t('console.editors.question.condition')}
                value={row.condition}
                onChange={(e) => setRow(index, { condition: e.target.value as 'eq' | 'neq' })}
              >
                <MenuItem value="eq">{t('console.editors.question.conditions.eq')}</MenuItem>
                <MenuItem value="neq">{t('console.editors.question.conditions.neq')}</MenuItem>
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ flex: 1 }}>
              <InputLabel id={`dep-${n}-value`}>{t('console.editors.question.value')}</InputLabel>
              <Select
                labelId={`dep-${n}-value`}
                label={t('console.editors.question.value')}
                value={row.params === null || row.params === undefined ? '' : encode(row.params)}
                onChange={(e) => setRow(index, { params: JSON.parse(String(e.target.value)) as unknown })}
              >
                {values.map((v) => (
                  <MenuItem key={encode(v.value)} value={encode(v.value)}>
                    {v.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <IconButton
              aria-label={t('console.editors.question.removeDependency', { n })}
              onClick={() => change(rows.filter((_, i) => i !== index))}
            >
              <Delete />
            </IconButton>
          </Stack>
        );
      })}
      {rows.length > 1 ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" id="dep-operator">
            {t('console.editors.question.operator')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            aria-labelledby="dep-operator"
            value={operatorFor(rows, operator)}
            onChange={(_, op: DependenciesLogicOperator | null) => op && change(rows, op)}
          >
            <ToggleButton value="AND">AND</ToggleButton>
            <ToggleButton value="OR">OR</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      ) : null}
      {errors.map((e) => (
        <Alert key={e} severity="error">
          {e}
        </Alert>
      ))}
      {candidates.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('console.editors.question.noCandidates')}
        </Typography>
      ) : (
        <Box>
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => {
              const first = candidates[0];
              change([
                ...rows,
                {
                  dependencyId: first.questionId,
                  condition: 'eq',
                  params: valueOptionsOf(first)[0]?.value ?? null,
                },
              ]);
            }}
          >
            {t('console.editors.question.addDependency')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
