import { useState } from 'react';
import { Alert, Snackbar } from '@mui/material';

/** A message carried over a page load (e.g. "User role changed!"), as in the portal. */
export function FlashMessage() {
  const [flash, setFlash] = useState<string | null>(() => {
    const message = sessionStorage.getItem('flash');
    sessionStorage.removeItem('flash');
    return message;
  });
  return (
    <Snackbar open={flash !== null} autoHideDuration={6000} onClose={() => setFlash(null)}>
      <Alert severity="success" onClose={() => setFlash(null)}>
        {flash}
      </Alert>
    </Snackbar>
  );
}
