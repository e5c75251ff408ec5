import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { createUserByEmailInviteSchema, Role } from '@user-office/contracts';
import { useFormik } from 'formik';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';

interface InviteValues {
  firstname: string;
  lastname: string;
  email: string;
  userRole: Role;
}

const EMPTY: InviteValues = { firstname: '', lastname: '', email: '', userRole: Role.USER };

/**
 * Invite by e-mail (createUserByEmailInvite, email-invite feature): first name, last name and e-mail required
 * (§5, the contracts' schema), the role the person gets; "Invitation sent successfully!" (§8).
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const form = useFormik<InviteValues>({
    initialValues: EMPTY,
    validationSchema: createUserByEmailInviteSchema,
    onSubmit: async (values, helpers) => {
      try {
        await dataProvider.inviteUser({
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          email: values.email.trim(),
          userRole: values.userRole,
        });
        notify(t('success.invitationSent'), { type: 'success' });
        helpers.resetForm();
        refresh();
        onClose();
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
    },
  });
  const field = (name: keyof InviteValues) => ({
    id: `invite-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(form.touched[name] && form.errors[name]),
    helperText: form.touched[name] ? form.errors[name] : undefined,
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogTitle id="invite-title">{t('console.people.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField {...field('firstname')} label={t('console.people.inviteFirstname')} required />
            <TextField {...field('lastname')} label={t('console.people.inviteLastname')} required />
            <TextField {...field('email')} label={t('console.people.inviteEmail')} type="email" required />
            <TextField {...field('userRole')} select label={t('console.people.inviteRole')}>
              {Object.values(Role).map((role) => (
                <MenuItem key={role} value={role}>
                  {role.replace(/_/g, ' ').toLowerCase()}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('console.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {t('console.people.inviteSend')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
