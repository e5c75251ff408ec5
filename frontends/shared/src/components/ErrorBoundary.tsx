import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { i18n } from '../i18n';
import { clearSession } from '../session/session-store';

/** A render crash clears storage and sends a client log with the user id and role (§4 Session). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const user = localStorage.getItem('user');
    const role = localStorage.getItem('currentRole');
    const token = localStorage.getItem('token');
    const message = `Render crash (user ${user ?? 'none'}, role ${role ?? 'none'}): ${error.message}\n${info.componentStack ?? ''}`;
    void fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({
        query: 'mutation($error: String!) { addClientLog(error: $error) }',
        variables: { error: message },
      }),
    }).catch(() => undefined);
    clearSession();
  }

  override render() {
    if (this.state.error) {
      return (
        <Box component="main" sx={{ p: 6, textAlign: 'center' }}>
          <Typography variant="h5" component="h1" role="alert" gutterBottom>
            {i18n.t('errors.generic')}
          </Typography>
          <Button variant="contained" onClick={() => window.location.assign('/')}>
            {i18n.t('errors.returnToFrontpage')}
          </Button>
        </Box>
      );
    }
    return this.props.children;
  }
}
