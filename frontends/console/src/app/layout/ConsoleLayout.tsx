import { useEffect, type ReactNode } from 'react';
import { Box, Link, useMediaQuery } from '@mui/material';
import { PageContent } from '@user-office/frontend-shared/components';
import { DownloadsPanel } from '@user-office/frontend-shared/downloads';
import { IdleWarning, useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { DRAWER_COLLAPSE_QUERY } from '@user-office/frontend-shared/theme';
import { Layout, useSidebarState } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConsoleAppBar } from './ConsoleAppBar';
import { ConsoleMenu } from './ConsoleMenu';
import { FlashMessage } from './FlashMessage';

/** §2: the drawer collapses under 1224 px (react-admin remembers its state in the store). */
function CollapseWhenNarrow() {
  const wide = useMediaQuery(DRAWER_COLLAPSE_QUERY);
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (!wide) setOpen(false);
  }, [wide, setOpen]);
  return null;
}

/**
 * The console's layout, with the portal's rules (§2): the header and account menu, the side menu by role, the
 * page content in the header (not for scientists), the footer links, the idle Warning, the downloads panel.
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const settings = useSettings();
  return (
    <Layout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      <CollapseWhenNarrow />
      {session.currentRole !== 'INSTRUMENT_SCIENTIST' ? <PageContent pageId="HOMEPAGE" /> : null}
      {children}
      <Box component="footer" sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'center' }}>
        {settings.value('DISPLAY_PRIVACY_STATEMENT_LINK') === 'true' ? (
          <Link href="/PrivacyStatement">{t('app.privacyStatement')}</Link>
        ) : null}
        {settings.value('DISPLAY_FAQ_LINK') === 'true' ? (
          <Link href="/console/HelpPage">{t('app.faq')}</Link>
        ) : null}
      </Box>
      <FlashMessage />
      <IdleWarning />
      <DownloadsPanel />
    </Layout>
  );
}
