import { TextField } from '@mui/material';
import { questionMessages } from '@user-office/contracts';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { string } from 'yup';
import type { BasisExtension } from '../types';

function TitleField({ readonly }: { readonly: boolean }) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>('title');
  const shown = meta.touched && meta.error ? meta.error : undefined;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id="questionary-item-title"
      label={t('questionary.entries.title')}
      fullWidth
      required
      disabled={readonly}
      error={Boolean(shown)}
      helperText={shown}
    />
  );
}

/**
 * The *_BASIS question of a sub-template item or a sample: its title (the server takes the basis answer from the
 * item, so the title is saved through the item's own update mutation).
 */
export function titleBasis(title: string, rename: (title: string) => Promise<void>): BasisExtension {
  return {
    initialValues: { title },
    schema: { title: string().trim().required(questionMessages.requiredField) },
    Component: TitleField,
    save: async (values) => {
      const next = typeof values.title === 'string' ? values.title.trim() : '';
      if (next !== title) await rename(next);
    },
  };
}
