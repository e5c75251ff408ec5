import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormHelperText,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/Edit';
import PersonAdd from '@mui/icons-material/PersonAdd';
import {
  proposalMessages,
  sanitiseAbstract,
  updateProposalSchema,
  validationLimits,
} from '@user-office/contracts';
import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { isSchema, mixed, type AnySchema } from 'yup';
import type { BasisExtension } from '@user-office/frontend-shared/questionary';
import {
  ProposalsCreateDocument,
  ProposalsSetInvitesDocument,
  ProposalsUpdateDocument,
} from '../../../../gql/graphql';
import { ApiError, request } from '@user-office/frontend-shared/graphql-client';
import { i18n } from '@user-office/frontend-shared/i18n';
import {
  userName,
  type LoadedProposal,
  type ProposalInvite,
  type ProposalUser,
} from '../../lib/proposal-model';
import { SetPiDialog } from './SetPiDialog';
import { UserPickerDialog } from './UserPickerDialog';

/** The proposal's own fields in the basis step's formik values. */
export interface ProposalBasisValues {
  title: string;
  abstract: string;
  proposer: ProposalUser | null;
  users: ProposalUser[];
  /** addresses to invite once a new proposal exists (an existing one invites at once) */
  invites: string[];
}

export const BASIS_KEYS = ['title', 'abstract', 'proposer', 'users', 'invites'] as const;

/** What the basis fields need besides the form: the proposal (null before its first save) and its invitations. */
export interface ProposalBasisContextValue {
  proposalPk: number | null;
  userId: number;
  /** pending invitations of an existing proposal */
  invites: ProposalInvite[];
  /** invites (existing proposal) or queues (new one) an address; resolves with the text to show */
  invite(email: string, queue: (email: string) => void): Promise<string>;
  withdraw(email: string): Promise<void>;
}

export const ProposalBasisContext = createContext<ProposalBasisContextValue | null>(null);

function readValues(values: Record<string, unknown>): ProposalBasisValues {
  return {
    title: typeof values.title === 'string' ? values.title : '',
    abstract: typeof values.abstract === 'string' ? values.abstract : '',
    proposer: (values.proposer as ProposalUser | null | undefined) ?? null,
    users: Array.isArray(values.users) ? (values.users as ProposalUser[]) : [],
    invites: Array.isArray(values.invites) ? (values.invites as string[]) : [],
  };
}

function fieldSchema(key: 'title' | 'abstract'): AnySchema {
  const schema = updateProposalSchema.fields[key];
  if (!isSchema(schema)) throw new Error(`updateProposalSchema.${key} is not a schema`);
  return schema as AnySchema;
}

/** §5 with the contracts' messages: title and abstract as updateProposal validates them, a PI. */
export const proposalBasisSchema: Record<string, AnySchema> = {
  title: fieldSchema('title'),
  abstract: fieldSchema('abstract'),
  proposer: mixed<ProposalUser>()
    .nullable()
    .test('required', proposalMessages.proposerRequired, (value) => value !== null && value !== undefined),
};

function pendingInvites(proposal: LoadedProposal | null): ProposalInvite[] {
  return (proposal?.coProposerInvites ?? []).filter((invite) => !invite.claimedAt);
}

export interface UseProposalBasisParams {
  /** null before the first save */
  proposal: LoadedProposal | null;
  callId: number;
  session: { userId: number; currentRole: string };
  /** the PI of a new proposal (the creator) */
  creator: ProposalUser | null;
  /** after createProposal, with the new proposal's primary key */
  onCreated?(proposalPk: number): void;
}

/**
 * The PROPOSAL_BASIS question as a BasisExtension: title, abstract, PI, co-proposers and invitations. `save` creates
 * the proposal first when it does not exist yet (id 0 until first saved, §4) and returns its questionary id.
 */
export function useProposalBasis({ proposal, callId, session, creator, onCreated }: UseProposalBasisParams): {
  basis: BasisExtension;
  context: ProposalBasisContextValue;
} {
  const [invites, setInvites] = useState<ProposalInvite[]>(() => pendingInvites(proposal));
  const [forProposal, setForProposal] = useState(proposal);
  if (forProposal !== proposal) {
    // a reload brings the server's invitations
    setForProposal(proposal);
    setInvites(pendingInvites(proposal));
  }
  const created = useRef<{ proposalPk: number; questionaryId: number } | null>(null);
  const invitesRef = useRef(invites);
  invitesRef.current = invites;
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const proposalPk = proposal?.primaryKey ?? null;
  const { userId, currentRole } = session;

  const initialValues = useMemo<Record<string, unknown>>(() => {
    const values: ProposalBasisValues = {
      title: proposal?.title ?? '',
      abstract: proposal?.abstract ?? '',
      proposer: proposal ? (proposal.proposer ?? null) : creator,
      users: proposal?.users ?? [],
      invites: [],
    };
    return { ...values };
  }, [proposal, creator]);

  const save = useCallback(
    async (raw: Record<string, unknown>): Promise<number | void> => {
      const values = readValues(raw);
      const isOfficer = currentRole === 'USER_OFFICER';
      const member = values.proposer?.id === userId || values.users.some((u) => u.id === userId);
      if (!isOfficer && !member) {
        throw new ApiError(proposalMessages.mustBePartOfProposal, 'BAD_USER_INPUT', {
          users: proposalMessages.mustBePartOfProposal,
        });
      }
      let pk = proposalPk ?? created.current?.proposalPk ?? null;
      let newQuestionaryId: number | undefined;
      if (pk === null) {
        const result = (await request(ProposalsCreateDocument, { callId })).createProposal;
        if (!result) throw new ApiError(i18n.t('errors.generic'), null);
        created.current = { proposalPk: result.primaryKey, questionaryId: result.questionaryId };
        pk = result.primaryKey;
      }
      if (proposalPk === null && created.current) newQuestionaryId = created.current.questionaryId;
      await request(ProposalsUpdateDocument, {
        proposalPk: pk,
        title: values.title.trim(),
        abstract: sanitiseAbstract(values.abstract).text,
        users: values.users.map((u) => u.id),
        proposerId: values.proposer?.id ?? null,
      });
      if (proposalPk === null && values.invites.length > 0) {
        await request(ProposalsSetInvitesDocument, { proposalPk: pk, emails: values.invites });
      }
      if (proposalPk === null) onCreatedRef.current?.(pk);
      return newQuestionaryId;
    },
    [proposalPk, callId, userId, currentRole],
  );

  const basis = useMemo<BasisExtension>(
    () => ({ initialValues, schema: proposalBasisSchema, Component: ProposalBasisFields, save }),
    [initialValues, save],
  );

  const invite = useCallback(
    async (email: string, queue: (email: string) => void): Promise<string> => {
      if (proposalPk === null) {
        queue(email);
        return i18n.t('proposals.basis.invitedPendingSave', { email });
      }
      const emails = [...invitesRef.current.map((i) => i.email), email];
      const result = await request(ProposalsSetInvitesDocument, { proposalPk, emails });
      setInvites(result.setCoProposerInvites.filter((i) => !i.claimedAt));
      return i18n.t('success.invitationSent');
    },
    [proposalPk],
  );

  const withdraw = useCallback(
    async (email: string): Promise<void> => {
      if (proposalPk === null) return;
      const emails = invitesRef.current.map((i) => i.email).filter((e) => e !== email);
      const result = await request(ProposalsSetInvitesDocument, { proposalPk, emails });
      setInvites(result.setCoProposerInvites.filter((i) => !i.claimedAt));
    },
    [proposalPk],
  );

  const context = useMemo<ProposalBasisContextValue>(
    () => ({ proposalPk, userId, invites, invite, withdraw }),
    [proposalPk, userId, invites, invite, withdraw],
  );
  return { basis, context };
}

/** The PROPOSAL_BASIS question: Proposal Title, Proposal Abstract, Principal Investigator, Co-Proposers. */
export function ProposalBasisFields({ readonly }: { readonly: boolean }) {
  const { t } = useTranslation();
  const basis = useContext(ProposalBasisContext);
  if (!basis) throw new Error('ProposalBasisFields outside ProposalBasisContext');
  const formik = useFormikContext<Record<string, unknown>>();
  const [title, titleMeta] = useField<string>('title');
  const [abstract, abstractMeta] = useField<string>('abstract');
  const [, proposerMeta, proposerHelpers] = useField<ProposalUser | null>('proposer');
  const [, usersMeta, usersHelpers] = useField<ProposalUser[]>('users');
  const [, , invitesHelpers] = useField<string[]>('invites');
  const values = readValues(formik.values);
  const [sanitised, setSanitised] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [piOpen, setPiOpen] = useState(false);
  const [inviteError, setInviteError] = useState<string | null>(null);

  const members = [...(values.proposer ? [values.proposer] : []), ...values.users];
  const titleError = titleMeta.touched && titleMeta.error ? titleMeta.error : undefined;
  const abstractError = abstractMeta.touched && abstractMeta.error ? abstractMeta.error : undefined;
  const proposerError = proposerMeta.touched && proposerMeta.error ? proposerMeta.error : undefined;
  const usersError = usersMeta.error && typeof usersMeta.error === 'string' ? usersMeta.error : undefined;
  const serverInvites = basis.invites.map((i) => i.email);
  const queuedInvites = values.invites;
  const abstractLength = (values.abstract ?? '').length;

  const choosePi = (user: ProposalUser) => {
    const previous = values.proposer;
    void proposerHelpers.setValue(user, true);
    void usersHelpers.setValue(
      [...(previous ? [previous] : []), ...values.users].filter((u) => u.id !== user.id),
      false,
    );
    setPiOpen(false);
  };

  return (
    <Stack spacing={3}>
      <TextField
        id="proposal-title"
        name="title"
        label={t('proposals.basis.title')}
        value={title.value ?? ''}
        onChange={title.onChange}
        onBlur={title.onBlur}
        error={titleError !== undefined}
        helperText={titleError}
        required
        fullWidth
        slotProps={{ input: { readOnly: readonly } }}
        disabled={readonly}
      />
      <Box>
        <TextField
          id="proposal-abstract"
          name="abstract"
          label={t('proposals.basis.abstract')}
          value={abstract.value ?? ''}
          onChange={(e) => {
            const { text, changed } = sanitiseAbstract(e.target.value);
            setSanitised(changed);
            void formik.setFieldValue('abstract', text);
          }}
          onBlur={abstract.onBlur}
          error={abstractError !== undefined}
          helperText={abstractError ?? proposalMessages.printableAsciiOnly}
          required
          fullWidth
          multiline
          minRows={4}
          maxRows={16}
          disabled={readonly}
        />
        <FormHelperText
          sx={{ textAlign: 'right' }}
          error={abstractLength > validationLimits.proposalAbstractMax}
          aria-live="polite"
        >
          {t('proposals.basis.abstractCounter', {
            count: abstractLength,
            max: validationLimits.proposalAbstractMax,
          })}
        </FormHelperText>
        {sanitised ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {proposalMessages.nonPrintableRemoved}
          </Alert>
        ) : null}
      </Box>
      <TextField
        id="proposal-pi"
        label={t('proposals.basis.principalInvestigator')}
        value={values.proposer ? userName(values.proposer) : t('proposals.basis.noPrincipalInvestigator')}
        error={proposerError !== undefined}
        helperText={proposerError}
        fullWidth
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: readonly ? undefined : (
              <InputAdornment position="end">
                <Tooltip title={t('proposals.basis.editPrincipalInvestigator')}>
                  <IconButton
                    aria-label={t('proposals.basis.editPrincipalInvestigator')}
                    onClick={() => setPiOpen(true)}
                    edge="end"
                  >
                    <Edit />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ flexGrow: 1 }} id="proposal-co-proposers">
            {t('proposals.basis.coProposers')}
          </Typography>
          {readonly ? null : (
            <Button startIcon={<PersonAdd />} onClick={() => setPickerOpen(true)}>
              {t('proposals.basis.addCoProposers')}
            </Button>
          )}
        </Box>
        {values.users.length === 0 && serverInvites.length === 0 && queuedInvites.length === 0 ? (
          <Typography color="text.secondary">{t('empty.noUsers')}</Typography>
        ) : (
          <List dense aria-labelledby="proposal-co-proposers">
            {values.users.map((user) => (
              <ListItem
                key={user.id}
                secondaryAction={
                  readonly ? undefined : (
                    <IconButton
                      edge="end"
                      aria-label={t('proposals.basis.removeCoProposer', { name: userName(user) })}
                      onClick={() =>
                        void usersHelpers.setValue(
                          values.users.filter((u) => u.id !== user.id),
                          false,
                        )
                      }
                    >
                      <Close />
                    </IconButton>
                  )
                }
              >
                <ListItemText primary={userName(user)} secondary={user.position} />
              </ListItem>
            ))}
            {[...serverInvites, ...queuedInvites].map((email) => (
              <ListItem
                key={`invite-${email}`}
                secondaryAction={
                  readonly ? undefined : (
                    <IconButton
                      edge="end"
                      aria-label={t('proposals.basis.withdrawInvite', { email })}
                      onClick={() => {
                        setInviteError(null);
                        if (queuedInvites.includes(email))
                          void invitesHelpers.setValue(
                            queuedInvites.filter((e) => e !== email),
                            false,
                          );
                        else basis.withdraw(email).catch((e: Error) => setInviteError(e.message));
                      }}
                    >
                      <Close />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                      {email}
                      <Chip size="small" color="info" label={t('proposals.basis.invited')} />
                    </Box>
                  }
                  secondary={
                    queuedInvites.includes(email)
                      ? t('proposals.basis.invitedPendingSave', { email })
                      : undefined
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
        {usersError ? <FormHelperText error>{usersError}</FormHelperText> : null}
        {inviteError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {inviteError}
          </Alert>
        ) : null}
      </Box>
      <UserPickerDialog
        open={pickerOpen}
        userId={basis.userId}
        memberIds={members.map((m) => m.id)}
        invitedEmails={[...serverInvites, ...queuedInvites]}
        onAdd={(added) =>
          void usersHelpers.setValue(
            [...values.users, ...added.filter((a) => !members.some((m) => m.id === a.id))],
            false,
          )
        }
        onInvite={(email) =>
          basis.invite(email, (queued) => void invitesHelpers.setValue([...queuedInvites, queued], false))
        }
        onClose={() => setPickerOpen(false)}
      />
      <SetPiDialog
        open={piOpen}
        members={members}
        currentId={values.proposer?.id ?? null}
        onChoose={choosePi}
        onClose={() => setPiOpen(false)}
      />
    </Stack>
  );
}
