import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CheckExternalTokenDocument } from '../gql/graphql';
import { request } from '../api/graphql-client';
import { useSettings } from '../settings/settings';
import { loginUrl } from './login-url';
import { useCurrentSession, useSession } from './session';

const DEFAULT_IDLE_MS = 3_600_000;

/**
 * With STFC_IDLE_TIMER on, after IDLE_TIMEOUT ms without activity the Warning dialog shows; Confirm re-checks the
 * token and resets the timer, or sends the user to the external login when the token is no longer valid (§4).
 */
export function IdleWarning() {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useCurrentSession();
  const { logout } = useSession();
  const enabled = settings.isEnabled('STFC_IDLE_TIMER');
  const timeout = Number(settings.value('IDLE_TIMEOUT')) || DEFAULT_IDLE_MS;
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), timeout);
  }, [timeout]);

  useEffect(() => {
    if (!enabled) return;
    reset();
    const events = ['mousemove', 'keydown', 'mousedown', 'touchstart', 'scroll'];
    const onActivity = () => {
      if (!open) reset();
    };
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      if (timer.current) clearTimeout(timer.current);
      for (const e of events) window.removeEventListener(e, onActivity);
    };
  }, [enabled, reset, open]);

  const confirm = async () => {
    const result = await request(CheckExternalTokenDocument, { token: session.token }).catch(() => null);
    if (result?.checkExternalToken.isValid) {
      setOpen(false);
      reset();
      return;
    }
    const base = settings.value('EXTERNAL_AUTH_LOGIN_URL');
    logout(t('session.expiredExternal'));
    if (base) window.location.assign(loginUrl(base));
  };

  if (!enabled) return null;
  return (
    <Dialog open={open} aria-labelledby="idle-warning-title">
      <DialogTitle id="idle-warning-title">{t('session.idleTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('session.idleText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => void confirm()}>
          {t('session.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
