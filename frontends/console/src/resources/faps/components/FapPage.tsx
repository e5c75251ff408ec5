import { Alert, Box, Button, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { Title, useGetOne } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { FapRecord } from '../faps.operations';
import { FapMeetingTab } from './FapMeetingTab';
import { FapMembersTab } from './FapMembersTab';
import { FapProposalsTab } from './FapProposalsTab';
import { SafeGuide } from './GradeGuideView';

const TABS = ['about', 'members', 'proposals', 'meeting'] as const;

/**
 * A FAP's page (`/console/FapPage/{id}`, §2): About, Members, Proposals and assignments, Meeting components. The
 * tab is kept in the address parameter `tab` (tab 0 removes it, §2).
 */
export function FapPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const fapId = Number(id);
  const role = useCurrentSession().currentRole;
  const isOfficer = role === 'USER_OFFICER';
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = Math.min(Math.max(Number(searchParams.get('tab')) || 0, 0), TABS.length - 1);
  const { data: fap, error, refetch } = useGetOne<FapRecord>('Faps', { id: fapId });

  const setTab = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 0) params.delete('tab');
        else params.set('tab', String(next));
        return params;
      },
      { replace: true },
    );

  const title = fap ? t('console.faps.pageTitle', { code: fap.code }) : t('console.faps.title');
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={title} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {isOfficer && fap ? (
          <Button component={Link} to={`/Faps/${fap.id}`} startIcon={<Edit />}>
            {t('console.faps.edit', { code: fap.code })}
          </Button>
        ) : null}
      </Stack>
      {error ? (
        <Alert severity="error">{(error as Error).message || t('console.faps.notFound')}</Alert>
      ) : null}
      {!fap && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {fap ? (
        <>
          <Tabs value={tab} onChange={(_e, next: number) => setTab(next)} aria-label={title} sx={{ mb: 2 }}>
            {TABS.map((name) => (
              <Tab key={name} label={t(`console.faps.tabs.${name}`)} id={`fap-tab-${name}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" aria-labelledby={`fap-tab-${TABS[tab]}`}>
            {TABS[tab] === 'about' ? <FapAbout fap={fap} /> : null}
            {TABS[tab] === 'members' ? <FapMembersTab fap={fap} onChanged={() => void refetch()} /> : null}
            {TABS[tab] === 'proposals' ? <FapProposalsTab fap={fap} /> : null}
            {TABS[tab] === 'meeting' ? <FapMeetingTab fap={fap} /> : null}
          </Box>
        </>
      ) : null}
    </Paper>
  );
}

function FapAbout({ fap }: { fap: FapRecord }) {
  const { t } = useTranslation();
  const field = (name: string) => t(`console.faps.fields.${name}`);
  const rows: [string, string][] = [
    [field('code'), fap.code],
    [field('description'), fap.description],
    [field('numberRatingsRequired'), String(fap.numberRatingsRequired)],
    [field('active'), fap.active ? t('console.faps.yes') : t('console.faps.no')],
    [t('console.faps.columns.chairs'), fap.chairNames],
    [t('console.faps.columns.secretaries'), fap.secretaryNames],
    [t('console.faps.columns.proposalCount'), String(fap.proposalCount ?? 0)],
    [t('console.faps.columns.proposalCurrentCount'), String(fap.proposalCurrentCount ?? 0)],
  ];
  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 'bold' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography component="h2" variant="h6">
        {field('gradeGuide')}
      </Typography>
      <SafeGuide html={fap.gradeGuide} />
    </Stack>
  );
}
