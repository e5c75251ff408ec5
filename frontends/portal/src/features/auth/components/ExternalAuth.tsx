import { useEffect, useRef, useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ExternalTokenLoginDocument } from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';
import { isConsolePath, pageLoader } from '@user-office/frontend-shared/apps';
import { clearSession, loginUrl, redirectUri, takeReturnPath } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useSession } from '@user-office/frontend-shared/session';

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
          const path = takeReturnPath();
          // a console page (or `/` of a staff role, which Home sends on) loads the console app
          if (isConsolePath(path)) pageLoader.replace(path);
          else navigate(path, { replace: true });
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
