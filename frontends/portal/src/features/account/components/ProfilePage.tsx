import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AccountUpdateUserDocument, AccountUserDocument, type AccountUserQuery } from '../../../gql/graphql';
import { ApiError, request } from '@user-office/frontend-shared/graphql-client';
import { useSettings } from '@user-office/frontend-shared/settings';

type UserRow = NonNullable<AccountUserQuery['getUser']>;
const FIELDS = [
  'user_title',
  'firstname',
  'lastname',
  'preferredname',
  'email',
  'department',
  'position',
  'telephone',
] as const;
type ProfileValues = Record<(typeof FIELDS)[number], string>;

/** /ProfilePage/{id} (USER_MANAGEMENT): the user's details, saved through updateUser. */
export function ProfilePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { id } = useParams();
  const userId = Number(id);
  const [user, setUser] = useState<UserRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.isEnabled('USER_MANAGEMENT')) return;
    request(AccountUserDocument, { userId })
      .then((d) => (d.getUser ? setUser(d.getUser) : setError(t('account.userNotAvailable'))))
      .catch((e: Error) => setError(e.message));
  }, [userId, settings, t]);

  if (!settings.isEnabled('USER_MANAGEMENT')) {
    return <Alert severity="info">{t('account.userManagementOff')}</Alert>;
  }
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!user) return <CircularProgress aria-label={t('app.loading')} />;
  return <ProfileForm user={user} userId={userId} />;
}

function ProfileForm({ user, userId }: { user: UserRow; userId: number }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const formik = useFormik<ProfileValues>({
    initialValues: Object.fromEntries(
      FIELDS.map((f) => [f, (user[f] as string | null | undefined) ?? '']),
    ) as ProfileValues,
    onSubmit: async (values, helpers) => {
      setSaved(false);
      try {
        await request(AccountUpdateUserDocument, { id: userId, ...values });
        setSaved(true);
      } catch (e) {
        if (e instanceof ApiError) helpers.setErrors(e.fieldErrors as Partial<ProfileValues>);
        setError((e as Error).message);
      }
    },
  });

  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('account.profile')}
      </Typography>
      <Box component="form" onSubmit={formik.handleSubmit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {FIELDS.map((f) => (
          <TextField
            key={f}
            id={`profile-${f}`}
            name={f}
            label={t(`account.fields.${f}`)}
            value={formik.values[f]}
            onChange={formik.handleChange}
            error={Boolean(formik.errors[f])}
            helperText={formik.errors[f]}
          />
        ))}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {saved ? <Alert severity="success">{t('success.updated')}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {t('account.save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
