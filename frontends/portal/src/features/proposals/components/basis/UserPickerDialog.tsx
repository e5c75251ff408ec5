import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useEffect, useId, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { emailLookupSchema, searchMinLength, userMessages } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import {
  ProposalsPreviousCollaboratorsDocument,
  ProposalsUserByEmailDocument,
} from '../../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useSettings } from '@user-office/frontend-shared/settings';
import { userName, type ProposalUser } from '../../lib/proposal-model';

/** §9: the add-people dialog's search debounce and the picker's page size. */
export const PICKER_DEBOUNCE_MS = 300;
export const PICKER_PAGE_SIZE = 10;

export interface UserPickerDialogProps {
  open: boolean;
  /** whose previous collaborators are offered */
  userId: number;
  /** people already on the proposal (not offered again) */
  memberIds: number[];
  /** e-mails with a pending invitation */
  invitedEmails: string[];
  onAdd(users: ProposalUser[]): void;
  /** EMAIL_INVITE: invite an address; resolves with the success text to show */
  onInvite(email: string): Promise<string>;
  onClose(): void;
}

type LookupState =
  | { kind: 'idle' }
  | { kind: 'notFound'; email: string }
  | { kind: 'invitable'; email: string }
  | { kind: 'error'; message: string }
  | { kind: 'invited'; message: string };

/** "Add people to proposal": previous collaborators (searchable, paged) and add / invite by e-mail. */
export function UserPickerDialog(props: UserPickerDialogProps) {
  // a fresh state each time it opens
  return props.open ? <OpenUserPicker {...props} /> : null;
}

function OpenUserPicker({
  userId,
  memberIds,
  invitedEmails,
  onAdd,
  onInvite,
  onClose,
}: UserPickerDialogProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const id = useId();
  const emailSearch = settings.isEnabled('EMAIL_SEARCH');
  const emailInvite = settings.isEnabled('EMAIL_INVITE');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [collaborators, setCollaborators] = useState<{ users: ProposalUser[]; totalCount: number } | null>(
    null,
  );
  const [selected, setSelected] = useState<ProposalUser[]>([]);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<LookupState>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const memberKey = memberIds.join(',');

  // §9: the search is debounced (300 ms here); §5: it needs at least 3 characters
  useEffect(() => {
    const trimmed = search.trim();
    const next = trimmed.length >= searchMinLength ? trimmed : null;
    const timer = setTimeout(() => {
      setFilter(next);
      setPage(0);
    }, PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let live = true;
    request(ProposalsPreviousCollaboratorsDocument, {
      userId,
      filter,
      first: PICKER_PAGE_SIZE,
      offset: page * PICKER_PAGE_SIZE,
      subtractUsers: memberKey ? memberKey.split(',').map(Number) : [],
    })
      .then((d) => live && setCollaborators(d.getPreviousCollaborators))
      // §8: a user search fetch error gives an empty list
      .catch(() => live && setCollaborators({ users: [], totalCount: 0 }));
    return () => {
      live = false;
    };
  }, [userId, filter, page, memberKey]);

  const isSelected = (user: ProposalUser) => selected.some((s) => s.id === user.id);
  const toggle = (user: ProposalUser) =>
    setSelected((s) => (s.some((x) => x.id === user.id) ? s.filter((x) => x.id !== user.id) : [...s, user]));

  const requestClose = () => {
    if (selected.length > 0) setConfirmClose(true);
    else onClose();
  };

  const findByEmail = async () => {
    setEmailError(null);
    setLookup({ kind: 'idle' });
    let address: string;
    try {
      address = (await emailLookupSchema.validate({ email })).email;
    } catch (e) {
      setEmailError(e instanceof ValidationError ? e.errors[0] : userMessages.enterEmail);
      return;
    }
    if (invitedEmails.includes(address)) {
      setEmailError(userMessages.alreadyAdded);
      return;
    }
    if (!emailSearch) {
      // without the e-mail search only an invitation is possible
      setLookup({ kind: 'invitable', email: address });
      return;
    }
    setBusy(true);
    try {
      const found = (await request(ProposalsUserByEmailDocument, { email: address }))
        .getBasicUserDetailsByEmail;
      if (!found) {
        setLookup({ kind: 'notFound', email: address });
      } else if (memberIds.includes(found.id)) {
        setEmailError(userMessages.alreadyOnProposal);
      } else if (isSelected(found)) {
        setEmailError(userMessages.alreadySelected);
      } else {
        setSelected((s) => [...s, found]);
        setEmail('');
      }
    } catch (e) {
      setLookup({ kind: 'error', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const invite = async (address: string) => {
    setBusy(true);
    try {
      const message = await onInvite(address);
      setLookup({ kind: 'invited', message });
      setEmail('');
    } catch (e) {
      setLookup({ kind: 'error', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const inviteButton = (address: string) => (
    <Box sx={{ mt: 1 }}>
      <Button variant="contained" size="small" disabled={busy} onClick={() => void invite(address)}>
        {t('proposals.picker.inviteByEmail', { email: address })}
      </Button>
    </Box>
  );

  const users = collaborators?.users ?? [];
  return (
    <>
      <Dialog open onClose={requestClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md">
        <DialogTitle id={`${id}-title`}>{t('proposals.picker.title')}</DialogTitle>
        <DialogContent>
          <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
            {t('proposals.picker.previousCollaborators')}
          </Typography>
          <TextField
            id={`${id}-search`}
            label={t('proposals.picker.search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            fullWidth
            sx={{ my: 1 }}
          />
          <Table size="small" aria-label={t('proposals.picker.previousCollaborators')}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('proposals.picker.selectColumn')}
                  </Box>
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('proposals.picker.name')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('proposals.picker.position')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {collaborators !== null && users.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3} align="center">
                    {t('empty.noPreviousCollaborators')}
                  </TableCell>
                </TableRow>
              ) : (
                users.map((user) => (
                  <TableRow key={user.id} hover onClick={() => toggle(user)} sx={{ cursor: 'pointer' }}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={isSelected(user)}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(user)}
                        slotProps={{
                          input: { 'aria-label': t('proposals.picker.select', { name: userName(user) }) },
                        }}
                      />
                    </TableCell>
                    <TableCell>{userName(user)}</TableCell>
                    <TableCell>{user.position ?? ''}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          {collaborators && collaborators.totalCount > PICKER_PAGE_SIZE ? (
            <TablePagination
              component="div"
              count={collaborators.totalCount}
              page={page}
              rowsPerPage={PICKER_PAGE_SIZE}
              rowsPerPageOptions={[PICKER_PAGE_SIZE]}
              onPageChange={(_, p) => setPage(p)}
            />
          ) : null}

          {emailSearch || emailInvite ? (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ mt: 3 }}>
                {t('proposals.picker.byEmail')}
              </Typography>
              <Box
                component="form"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  void findByEmail();
                }}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
              >
                <TextField
                  id={`${id}-email`}
                  label={t('proposals.picker.email')}
                  type="email"
                  size="small"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setEmailError(null);
                  }}
                  error={emailError !== null}
                  helperText={emailError ?? undefined}
                  sx={{ flexGrow: 1 }}
                />
                <Button type="submit" variant="outlined" disabled={busy}>
                  {t('proposals.picker.findByEmail')}
                </Button>
              </Box>
              {lookup.kind === 'notFound' ? (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  <AlertTitle>{t('proposals.picker.notFoundTitle')}</AlertTitle>
                  {emailInvite
                    ? t('proposals.picker.notFoundAdviceInvite')
                    : t('proposals.picker.notFoundAdvice')}
                  {emailInvite ? inviteButton(lookup.email) : null}
                </Alert>
              ) : null}
              {lookup.kind === 'invitable' ? inviteButton(lookup.email) : null}
              {lookup.kind === 'invited' ? (
                <Alert severity="success" sx={{ mt: 1 }} role="status">
                  {lookup.message}
                </Alert>
              ) : null}
              {lookup.kind === 'error' ? (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {lookup.message}
                </Alert>
              ) : null}
            </>
          ) : null}

          {selected.length > 0 ? (
            <Box sx={{ mt: 3 }}>
              <Typography component="h3" variant="subtitle1">
                {t('proposals.picker.selected', { count: selected.length })}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                {selected.map((user) => (
                  <Chip key={user.id} label={userName(user)} onDelete={() => toggle(user)} />
                ))}
              </Stack>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose}>{t('proposals.picker.close')}</Button>
          <Button
            variant="contained"
            disabled={selected.length === 0}
            onClick={() => {
              onAdd(selected);
              onClose();
            }}
          >
            {t('proposals.picker.add')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmClose}
        text={t('confirm.usersNotAdded')}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
        onCancel={() => setConfirmClose(false)}
      />
    </>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
