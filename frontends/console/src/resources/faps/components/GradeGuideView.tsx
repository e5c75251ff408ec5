import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { request } from '@user-office/frontend-shared/graphql-client';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { ConsoleFapGradeGuideDocument, ConsolePageContentDocument } from '../../../gql/graphql';

/** A grade guide (rich text the api stores sanitised, sanitised again here), or "No guide has been added yet". */
export function SafeGuide({ html }: { html: string | null | undefined }) {
  const { t } = useTranslation();
  const clean = useMemo(() => DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } }), [html]);
  if (clean.trim() === '') return <Alert severity="info">{t('console.grading.noGuide')}</Alert>;
  return <Box data-testid="grade-guide" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * The grade guide screen (§2): the panel's own guide when it has a custom one, else the facility's grade guide
 * page (GRADEGUIDEPAGE); "No guide has been added yet" when there is none.
 */
export function GradeGuideView({ fapId }: { fapId: number | null }) {
  const [html, setHtml] = useState<string | null | undefined>(undefined);
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    const load = async () => {
      if (fapId) {
        const fap = (await request(ConsoleFapGradeGuideDocument, { id: fapId })).getFap;
        if (fap?.customGradeGuide) return fap.gradeGuide ?? '';
      }
      return (await request(ConsolePageContentDocument, { pageId: 'GRADEGUIDEPAGE' })).getPageContent ?? '';
    };
    load()
      .then((found) => live && setHtml(found))
      .catch(() => live && setHtml(''));
    return () => {
      live = false;
    };
  }, [fapId]);
  if (html === undefined) return <CircularProgress aria-label={t('app.loading')} />;
  return <SafeGuide html={html} />;
}
