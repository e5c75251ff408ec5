import { Button } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';

/** Copies a text to the clipboard and says so (§8 copy-to-clipboard confirmation). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  return (
    <Button
      startIcon={<ContentCopy />}
      onClick={() => {
        void navigator.clipboard
          .writeText(text)
          .then(() => notify(t('console.common.copied'), { type: 'info' }))
          .catch((e: Error) => notify(e.message, { type: 'error' }));
      }}
    >
      {label}
    </Button>
  );
}
