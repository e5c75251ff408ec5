import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  Button,
  CardActions,
  CardContent,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { ProposalsOpenCallsDocument, type ProposalsOpenCallsQuery } from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useDateFormat } from '@user-office/frontend-shared/settings';

type OpenCall = ProposalsOpenCallsQuery['getCalls'][number];

/** The calls taking proposals now (internally open ones too for internal users). */
async function openCalls(isInternalUser: boolean): Promise<OpenCall[]> {
  const [active, internal] = await Promise.all([
    request(ProposalsOpenCallsDocument, { filter: { isActive: true } }),
    isInternalUser
      ? request(ProposalsOpenCallsDocument, { filter: { isActiveInternal: true } })
      : Promise.resolve({ getCalls: [] as OpenCall[] }),
  ]);
  const byId = new Map<number, OpenCall>();
  for (const c of [...active.getCalls, ...internal.getCalls]) byId.set(c.id, c);
  return [...byId.values()];
}

/** /ProposalSelectType: choose the call, then /ProposalCreate/{callId}/{templateId}. */
export function ProposalSelectType() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const [calls, setCalls] = useState<OpenCall[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    openCalls(session.isInternalUser)
      .then(setCalls)
      .catch((e: Error) => {
        setError(e.message);
        setCalls([]);
      });
  }, [session.isInternalUser]);

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('proposals.selectType.title')}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {calls === null ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : calls.length === 0 && !error ? (
        <Alert severity="info">{t('proposals.selectType.noCalls')}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('proposals.selectType.intro')}</Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {calls.map((call) => {
              const name = call.title || call.shortCode;
              const ends = call.isActive ? call.endCall : call.endCallInternal;
              return (
                <Box component="li" key={call.id}>
                  <Card variant="outlined">
                    <CardContent>
                      <Typography component="h2" variant="h6">
                        {name}
                      </Typography>
                      {call.title ? (
                        <Typography variant="body2" color="text.secondary">
                          {call.shortCode}
                        </Typography>
                      ) : null}
                      {call.description ? (
                        <Typography variant="body1" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                          {call.description}
                        </Typography>
                      ) : null}
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {t('proposals.selectType.endsOn', { date: dates.date(ends) })}
                      </Typography>
                    </CardContent>
                    <CardActions>
                      <Button
                        variant="contained"
                        onClick={() => navigate(`/ProposalCreate/${call.id}/${call.templateId}`)}
                      >
                        {t('proposals.selectType.choose', { call: name })}
                      </Button>
                    </CardActions>
                  </Card>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
