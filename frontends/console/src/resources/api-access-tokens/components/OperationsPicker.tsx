import { useState } from 'react';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { accessPermissionsJson, grantedOperations, parseAccessPermissions } from '@user-office/contracts';
import { useGetList, useInput } from 'react-admin';
import { useTranslation } from 'react-i18next';

interface OperationRow {
  id: string;
  kind: 'query' | 'mutation';
}

/** The operations a JSON permissions text grants. */
export function selectedOperations(json: unknown): string[] {
  const permissions = typeof json === 'string' ? parseAccessPermissions(json) : null;
  return permissions ? grantedOperations(permissions) : [];
}

/**
 * The operations picker of an API access token (§7): every query and mutation from getAllQueriesAndMutations, a
 * filter, checkboxes; the form's `accessPermissions` is the JSON the api takes (`{"getCalls":true}`).
 */
export function OperationsPicker({ source }: { source: string }) {
  const { t } = useTranslation();
  const { data: operations = [] } = useGetList<OperationRow>('ApiOperations', {
    pagination: { page: 1, perPage: 10000 },
  });
  const { field, fieldState } = useInput({ source });
  const [filter, setFilter] = useState('');
  const selected = new Set(selectedOperations(field.value));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    field.onChange(accessPermissionsJson([...next]));
  };
  const shown = operations.filter((o) => o.id.toLowerCase().includes(filter.trim().toLowerCase()));
  const column = (kind: OperationRow['kind'], title: string) => (
    <Box sx={{ flex: 1, minWidth: 240 }}>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      <FormGroup sx={{ maxHeight: 320, overflowY: 'auto', flexWrap: 'nowrap' }}>
        {shown
          .filter((o) => o.kind === kind)
          .map((o) => (
            <FormControlLabel
              key={o.id}
              label={o.id}
              control={
                <Checkbox
                  size="small"
                  checked={selected.has(o.id)}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                />
              }
            />
          ))}
      </FormGroup>
    </Box>
  );
  return (
    <FormControl component="fieldset" error={fieldState.invalid} sx={{ width: '100%', mb: 2 }}>
      <FormLabel component="legend">{t('console.apiAccessTokens.fields.accessPermissions')}</FormLabel>
      <TextField
        size="small"
        sx={{ my: 1, maxWidth: 360 }}
        label={t('console.apiAccessTokens.filterOperations')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <Typography variant="body2" color="text.secondary">
        {t('console.apiAccessTokens.selectedCount', { count: selected.size })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        {column('query', t('console.apiAccessTokens.queries'))}
        {column('mutation', t('console.apiAccessTokens.mutations'))}
      </Box>
      {fieldState.error ? <FormHelperText role="alert">{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
}
