import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Snackbar,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileCopy from '@mui/icons-material/FileCopy';
import GetApp from '@mui/icons-material/GetApp';
import GroupAdd from '@mui/icons-material/GroupAdd';
import Visibility from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import {
  ProposalsDeleteDocument,
  ProposalsMineDocument,
  type ProposalsMineQuery,
} from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useDateFormat, useSettings } from '@user-office/frontend-shared/settings';
import { readOnlyReason } from '../lib/proposal-model';
import { CloneProposalDialog } from './CloneProposalDialog';
import { JoinProposalDialog } from './JoinProposalDialog';

type Row = ProposalsMineQuery['getUserProposals'][number];

/** §9: default table page size. */
const PAGE_SIZE = 10;

/** The user role's dashboard (route `/`): "My proposals" with New Proposal and, with EMAIL_INVITE, Join proposal. */
const COLUMNS = ['actions', 'proposalId', 'title', 'status', 'call', 'created'] as const;

export interface DashboardProps {
  /** shown above My proposals (the app puts the upcoming experiments there when the scheduler is on, §2) */
  before?: ReactNode;
}

export function Dashboard({ before }: DashboardProps = {}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useCurrentSession();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const { download } = useDownloads();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [cloning, setCloning] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [joining, setJoining] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const data = await request(ProposalsMineDocument);
      setRows(data.getUserProposals);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
      setRows((r) => r ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await request(ProposalsDeleteDocument, { proposalPk: deleting.primaryKey });
      setDeleting(null);
      await load();
    } catch (e) {
      setDeleting(null);
      setNotice({ severity: 'error', text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const visible = (rows ?? []).slice(page * pageSize, page * pageSize + pageSize);
  const inviteEnabled = settings.isEnabled('EMAIL_INVITE');

  return (
    <Box>
      {before}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          {t('proposals.myProposals')}
        </Typography>
        {inviteEnabled ? (
          <Button variant="outlined" startIcon={<GroupAdd />} onClick={() => setJoining(true)}>
            {t('proposals.joinProposal')}
          </Button>
        ) : null}
        <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/ProposalSelectType">
          {t('proposals.newProposal')}
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {rows === null ? (
        <CircularProgress aria-label={t('proposals.loading')} />
      ) : (
        <Paper>
          <TableContainer>
            <Table aria-label={t('proposals.myProposals')} size="small">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} component="th" scope="col">
                      {t(`proposals.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6} align="center">
                      {t('empty.listEmpty')}
                    </TableCell>
                  </TableRow>
                ) : (
                  visible.map((row) => {
                    const editable = readOnlyReason(row, session) === null;
                    const canDelete = !row.submitted && row.proposerId === session.userId;
                    const openLabel = t(editable ? 'proposals.actions.edit' : 'proposals.actions.view', {
                      id: row.proposalId,
                    });
                    return (
                      <TableRow key={row.primaryKey} data-testid={`proposal-row-${row.primaryKey}`}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Tooltip title={openLabel}>
                            <IconButton
                              size="small"
                              aria-label={openLabel}
                              onClick={() => navigate(`/ProposalEdit/${row.primaryKey}`)}
                            >
                              {editable ? <Edit fontSize="small" /> : <Visibility fontSize="small" />}
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('proposals.actions.clone', { id: row.proposalId })}>
                            <IconButton
                              size="small"
                              aria-label={t('proposals.actions.clone', { id: row.proposalId })}
                              onClick={() => setCloning(row.primaryKey)}
                            >
                              <FileCopy fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('proposals.actions.download', { id: row.proposalId })}>
                            <IconButton
                              size="small"
                              aria-label={t('proposals.actions.download', { id: row.proposalId })}
                              onClick={() =>
                                void download(
                                  `/download/pdf/proposal/${row.primaryKey}`,
                                  row.title || row.proposalId,
                                )
                              }
                            >
                              <GetApp fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          {canDelete ? (
                            <Tooltip title={t('proposals.actions.delete', { id: row.proposalId })}>
                              <IconButton
                                size="small"
                                aria-label={t('proposals.actions.delete', { id: row.proposalId })}
                                onClick={() => setDeleting(row)}
                              >
                                <Delete fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          ) : null}
                        </TableCell>
                        <TableCell>{row.proposalId}</TableCell>
                        <TableCell
                          sx={{ maxWidth: 400 }}
                          title={row.title.length > 45 ? row.title : undefined}
                        >
                          {row.title || t('proposals.untitled')}
                        </TableCell>
                        <TableCell>{row.status?.name ?? row.publicStatus}</TableCell>
                        <TableCell>{row.call?.shortCode ?? ''}</TableCell>
                        <TableCell>{dates.date(row.created)}</TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={rows.length}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[5, 10, 20, 50]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('proposals.rowsPerPage')}
          />
        </Paper>
      )}
      <CloneProposalDialog
        proposalPk={cloning}
        isInternalUser={session.isInternalUser}
        onClose={() => setCloning(null)}
        onCloned={() => {
          setCloning(null);
          setNotice({ severity: 'success', text: t('success.proposalCloned') });
          void load();
        }}
      />
      <JoinProposalDialog
        open={joining}
        onClose={() => setJoining(false)}
        onJoined={() => {
          setJoining(false);
          setNotice({ severity: 'success', text: t('success.codeVerified') });
          void load();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        text={t('proposals.deleteConfirm', { title: deleting?.title || deleting?.proposalId || '' })}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <Snackbar open={notice !== null} autoHideDuration={6000} onClose={() => setNotice(null)}>
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} role="status">
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
