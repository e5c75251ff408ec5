import { Paper, Typography } from '@mui/material';
import { PageContent } from '@user-office/frontend-shared/components';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';

/** /console/HelpPage: the help page content of the page editor. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Title title={t('menu.help')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('menu.help')}
      </Typography>
      <PageContent pageId="HELPPAGE" />
    </Paper>
  );
}
