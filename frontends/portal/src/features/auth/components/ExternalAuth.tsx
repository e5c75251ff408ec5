import { useEffect, useRef, useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ExternalTokenLoginDocument } from '../../../gql/graphql';
import { request } from '../../../lib/graphql-client';
import { clearSession, takeReturnPath } from '../../../lib/session-store';
import { useSettings } from '../../../lib/settings';
import { useSession } from '../hooks/session';

/** Where the provider sends the user back to: this page, on this origin. */
export function redirectUri(): string {
  return `${window.location.origin}/external-auth`;
}

/** The external login URL with this portal's redirect URI (and a state to come back with). */
export function loginUrl(base: string): string {
  const url = new URL(base, window.location.origin);
  if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', redirectUri());
  return url.toString();
}

/**
 * /external-auth (§2): a code, session id or token in the address is exchanged through externalTokenLogin; an
 * error description is shown; otherwise the user is sent to the external login URL ("System configuration error"
 * when none is set).
 */
export function ExternalAuth() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { login, endedBecause } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'wait' | 'contacting'>('wait');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(location.search);
    const description = query.get('error_description') ?? query.get('error');
    if (description) {
      setError(description);
      return;
    }
    const externalToken =
      query.get('code') ?? query.get('sessionid') ?? query.get('token') ?? params.token ?? null;
    if (externalToken) {
      setPhase('contacting');
      request(ExternalTokenLoginDocument, {
        externalToken,
        redirectUri: redirectUri(),
        iss: query.get('iss'),
      })
        .then((token) => {
          login(token.externalTokenLogin);
          navigate(takeReturnPath(), { replace: true });
        })
        .catch((e: Error) => setError(e.message || t('errors.unknown')));
      return;
    }
    const base = settings.value('EXTERNAL_AUTH_LOGIN_URL');
    if (!base) {
      setError(t('login.configurationError'));
      return;
    }
    if (endedBecause) return; // show why the session ended, with a way back in
    window.location.assign(loginUrl(base));
  }, [location.search, params.token, login, navigate, settings, t, endedBecause]);

  if (error || endedBecause) {
    return (
      <Box component="main" sx={{ p: 6, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" role="alert" gutterBottom>
          {error ?? endedBecause}
        </Typography>
        <Button
          variant="contained"
          onClick={() => {
            clearSession();
            window.location.assign('/');
          }}
        >
          {t('errors.returnToFrontpage')}
        </Button>
      </Box>
    );
  }
  return (
    <Box component="main" sx={{ p: 6, textAlign: 'center' }}>
      <CircularProgress aria-label={t('login.pleaseWait')} />
      <Typography sx={{ mt: 2 }}>
        {phase === 'wait' ? t('login.pleaseWait') : t('login.contacting')}
      </Typography>
    </Box>
  );
}
