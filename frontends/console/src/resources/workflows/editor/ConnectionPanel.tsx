import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  EMAIL_STATUS_ACTION_RECIPIENTS,
  RABBITMQ_PROFILES,
  type EmailStatusActionRecipients,
  type RabbitMqProfile,
} from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatusActionInput } from '../../../gql/graphql';
import {
  FALLBACK_RABBITMQ_DEFAULTS,
  actionsFormOf,
  actionsInputOf,
  lines,
  rabbitMqEffectOf,
  type ActionsForm,
  type RabbitMqDefaults,
} from './action-config';
import type { WorkflowConnection } from './workflow-model';

export interface WorkflowEventOption {
  name: string;
  description: string;
}

export interface EmailTemplateOption {
  id: string;
  name: string;
  description: string;
}

interface Props {
  connection: WorkflowConnection;
  fromName: string;
  events: readonly WorkflowEventOption[];
  emailTemplates: readonly EmailTemplateOption[];
  /** the api's RABBITMQ_DEFAULT_PROFILE and RABBITMQ_EXCHANGES (getStatusActions) */
  rabbitMqDefaults?: RabbitMqDefaults;
  onSave(change: { events?: string[]; actions?: ConnectionStatusActionInput[] }): Promise<void>;
  onClose(): void;
}

/**
 * A selected connection: its status-changing events (the api's catalogue, with descriptions) and its status actions,
 * EMAIL (recipient groups of §3 each with an e-mail template, other recipients, combine e-mails) and RABBITMQ
 * (its message profile, native or compatible, and its exchanges; what an empty choice falls back to is shown). Save
 * sends the commands of what changed.
 */
export function ConnectionPanel({
  connection,
  fromName,
  events,
  emailTemplates,
  rabbitMqDefaults = FALLBACK_RABBITMQ_DEFAULTS,
  onSave,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(connection.statusChangingEvents);
  const initialForm = useMemo(() => actionsFormOf(connection), [connection]);
  const [form, setForm] = useState<ActionsForm>(initialForm);
  const templateName = (id: string) => emailTemplates.find((e) => e.id === id)?.name ?? id;
  const setEmail = (email: Partial<ActionsForm['email']>) =>
    setForm((f) => ({ ...f, email: { ...f.email, ...email } }));
  const setRecipient = (name: EmailStatusActionRecipients, templateId: string | undefined) =>
    setForm((f) => {
      const recipients = { ...f.email.recipients };
      if (templateId === undefined) delete recipients[name];
      else recipients[name] = templateId;
      return { ...f, email: { ...f.email, recipients } };
    });

  const setRabbitMq = (rabbitMq: Partial<ActionsForm['rabbitMq']>) =>
    setForm((f) => ({ ...f, rabbitMq: { ...f.rabbitMq, ...rabbitMq } }));
  const rabbitEffect = rabbitMqEffectOf(
    {
      profile: form.rabbitMq.profile,
      exchanges: lines(form.rabbitMq.exchanges),
    },
    rabbitMqDefaults,
  );
  const exchangesHelp = (() => {
    if (rabbitEffect.defaultExchanges)
      return t('console.workflows.connection.exchangesDefault', {
        exchanges: rabbitEffect.exchanges.join(', '),
      });
    if (rabbitEffect.exchanges.length > 0)
      return t('console.workflows.connection.exchangesListed', { profile: rabbitEffect.profile });
    return t('console.workflows.connection.exchangesNeeded');
  })();

  const save = async () => {
    const change: { events?: string[]; actions?: ConnectionStatusActionInput[] } = {};
    const sameEvents =
      chosen.length === connection.statusChangingEvents.length &&
      chosen.every((e) => connection.statusChangingEvents.includes(e));
    if (!sameEvents) change.events = chosen;
    const actions = actionsInputOf(form, templateName);
    if (JSON.stringify(actions) !== JSON.stringify(actionsInputOf(initialForm, templateName)))
      change.actions = actions;
    await onSave(change);
  };

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'connection-title',
          sx: { p: 2, width: { xs: '100%', sm: 520 }, overflowWrap: 'anywhere' },
        } as object,
      }}
    >
      <Typography id="connection-title" variant="h6" component="h2">
        {t('console.workflows.connection.title', { name: connection.status.name })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('console.workflows.connection.from', { name: fromName })}
      </Typography>

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('console.workflows.connection.events')}
      </Typography>
      <FormHelperText>{t('console.workflows.connection.eventsHelp')}</FormHelperText>
      <FormGroup>
        {events.map((event) => (
          <Box key={event.name}>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(event.name)}
                  onChange={(e) =>
                    setChosen((c) =>
                      e.target.checked ? [...c, event.name] : c.filter((n) => n !== event.name),
                    )
                  }
                  slotProps={{ input: { 'aria-describedby': `event-${event.name}` } }}
                />
              }
              label={event.name}
            />
            <FormHelperText id={`event-${event.name}`} sx={{ mt: -1, ml: 4 }}>
              {event.description}
            </FormHelperText>
          </Box>
        ))}
      </FormGroup>

      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h3">
        {t('console.workflows.connection.actions')}
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={form.email.enabled} onChange={(e) => setEmail({ enabled: e.target.checked })} />
        }
        label={t('console.workflows.connection.email')}
      />
      {form.email.enabled ? (
        <Stack
          spacing={1}
          sx={{ pl: 2 }}
          role="group"
          aria-label={t('console.workflows.connection.recipients')}
        >
          {EMAIL_STATUS_ACTION_RECIPIENTS.map((recipient) => {
            const templateId = form.email.recipients[recipient.name];
            const selectId = `template-${recipient.name}`;
            return (
              <Box key={recipient.name}>
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={templateId !== undefined}
                      onChange={(e) => setRecipient(recipient.name, e.target.checked ? '' : undefined)}
                    />
                  }
                  label={recipient.name}
                />
                <FormHelperText sx={{ mt: -1, ml: 4 }}>{recipient.description}</FormHelperText>
                {templateId !== undefined ? (
                  <FormControl size="small" fullWidth sx={{ mt: 1, ml: 4, maxWidth: 'calc(100% - 32px)' }}>
                    <InputLabel id={`${selectId}-label`}>
                      {t('console.workflows.connection.emailTemplate', { recipient: recipient.name })}
                    </InputLabel>
                    <Select
                      labelId={`${selectId}-label`}
                      id={selectId}
                      value={templateId}
                      label={t('console.workflows.connection.emailTemplate', { recipient: recipient.name })}
                      onChange={(e) => setRecipient(recipient.name, e.target.value)}
                    >
                      {emailTemplates.map((template) => (
                        <MenuItem key={template.id} value={template.id}>
                          {template.name}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                ) : null}
              </Box>
            );
          })}
          {form.email.recipients.OTHER !== undefined ? (
            <TextField
              label={t('console.workflows.connection.otherRecipientEmails')}
              value={form.email.otherRecipientEmails}
              onChange={(e) => setEmail({ otherRecipientEmails: e.target.value })}
              multiline
              minRows={2}
              size="small"
            />
          ) : null}
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={form.email.combineEmails}
                onChange={(e) => setEmail({ combineEmails: e.target.checked })}
              />
            }
            label={t('console.workflows.connection.combineEmails')}
          />
          <FormHelperText sx={{ mt: -1 }}>
            {t('console.workflows.connection.combineEmailsHelp')}
          </FormHelperText>
        </Stack>
      ) : null}
      <FormControlLabel
        control={
          <Switch
            checked={form.rabbitMq.enabled}
            onChange={(e) => setRabbitMq({ enabled: e.target.checked })}
          />
        }
        label={t('console.workflows.connection.rabbitMq')}
      />
      {form.rabbitMq.enabled ? (
        <Stack spacing={1} sx={{ pl: 2 }}>
          <FormControl>
            <FormLabel id="rabbitmq-profile-label">{t('console.workflows.connection.profile')}</FormLabel>
            <RadioGroup
              aria-labelledby="rabbitmq-profile-label"
              value={form.rabbitMq.profile}
              onChange={(e) => setRabbitMq({ profile: e.target.value as RabbitMqProfile | '' })}
            >
              <FormControlLabel
                value=""
                control={<Radio size="small" />}
                label={t('console.workflows.connection.profileDefault', {
                  profile: t(`console.workflows.connection.profiles.${rabbitMqDefaults.profile}`),
                })}
              />
              {RABBITMQ_PROFILES.map((profile) => (
                <Box key={profile}>
                  <FormControlLabel
                    value={profile}
                    control={
                      <Radio
                        size="small"
                        slotProps={{ input: { 'aria-describedby': `rabbitmq-profile-${profile}` } }}
                      />
                    }
                    label={t(`console.workflows.connection.profiles.${profile}`)}
                  />
                  <FormHelperText id={`rabbitmq-profile-${profile}`} sx={{ mt: -1, ml: 4 }}>
                    {t(`console.workflows.connection.profileHelp.${profile}`)}
                  </FormHelperText>
                </Box>
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={t('console.workflows.connection.exchanges')}
            value={form.rabbitMq.exchanges}
            onChange={(e) => setRabbitMq({ exchanges: e.target.value })}
            helperText={exchangesHelp}
            multiline
            minRows={2}
            size="small"
            fullWidth
          />
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('console.workflows.connection.close')}</Button>
        <Button variant="contained" onClick={() => void save()}>
          {t('console.workflows.save')}
        </Button>
      </Stack>
    </Drawer>
  );
}
