import { Paper, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GradeGuideView } from '../../faps/components/GradeGuideView';

/** The grade guide screen (§2, `/console/GradeGuide?fap={id}`): the guide, or "No guide has been added yet". */
export function GradeGuidePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const fapId = Number(searchParams.get('fap')) || null;
  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Title title={t('console.grading.gradeGuide')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.grading.gradeGuide')}
      </Typography>
      <GradeGuideView fapId={fapId} />
    </Paper>
  );
}
