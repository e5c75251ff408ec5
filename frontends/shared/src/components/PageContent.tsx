import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { PageContentDocument, type PageName } from '../gql/graphql';
import { request } from '../api/graphql-client';

/** Content from the page editor; the api stores it sanitised (sanitize-html), so it is shown as HTML. */
export function PageContent({ pageId }: { pageId: PageName }) {
  const [html, setHtml] = useState<string>('');
  useEffect(() => {
    request(PageContentDocument, { pageId })
      .then((d) => setHtml(d.getPageContent ?? ''))
      .catch(() => setHtml(''));
  }, [pageId]);
  if (!html) return null;
  return <Box data-testid={`page-content-${pageId}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
