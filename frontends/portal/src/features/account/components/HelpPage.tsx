import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageContent } from '@user-office/frontend-shared/components';

/** /HelpPage: the help text from the page editor. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('account.help')}
      </Typography>
      <PageContent pageId="HELPPAGE" />
    </Paper>
  );
}
