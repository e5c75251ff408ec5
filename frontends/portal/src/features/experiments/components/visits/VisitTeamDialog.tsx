import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { visitTeamSchema } from '@user-office/contracts';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { request } from '@user-office/frontend-shared/graphql-client';
import { ExperimentsCreateVisitDocument, ExperimentsUpdateVisitDocument } from '../../../../gql/graphql';
import { personName, type ExperimentRow, type Person } from '../../lib/experiment-rows';

interface TeamValues {
  team: number[];
  teamLeadUserId: number | null;
}

export interface VisitTeamDialogProps {
  experiment: ExperimentRow;
  /** the proposal's PI and co-proposers: the visitors to choose from */
  members: Person[];
  onClose(): void;
  /** after createVisit / updateVisit, with the success message ("Visit created" / "Visit updated") */
  onSaved(message: string): void;
}

/**
 * §2 "visit team" dialog (§4 Define visit, §5 Visit team): the PI or a co-proposer picks the visitors among the
 * proposal's members and the team lead; createVisit the first time, updateVisit after. The contracts' team schema
 * gives the §5 messages before anything is sent; the server checks everything again.
 */
export function VisitTeamDialog({ experiment, members, onClose, onSaved }: VisitTeamDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const visit = experiment.visit ?? null;
  const [error, setError] = useState<string | null>(null);
  const formik = useFormik<TeamValues>({
    initialValues: {
      team: visit ? [...visit.team] : [],
      teamLeadUserId: visit ? visit.teamLeadUserId : null,
    },
    validationSchema: visitTeamSchema,
    validateOnBlur: false,
    onSubmit: async (values) => {
      setError(null);
      try {
        if (visit) {
          await request(ExperimentsUpdateVisitDocument, {
            visitId: visit.id,
            team: values.team,
            teamLeadUserId: values.teamLeadUserId,
          });
          onSaved(t('success.visitUpdated'));
        } else {
          await request(ExperimentsCreateVisitDocument, {
            experimentPk: experiment.experimentPk,
            team: values.team,
            teamLeadUserId: values.teamLeadUserId,
          });
          onSaved(t('success.visitCreated'));
        }
      } catch (e) {
        setError((e as Error).message);
      }
    },
  });
  const submitted = formik.submitCount > 0;
  const teamError = submitted && typeof formik.errors.team === 'string' ? formik.errors.team : undefined;
  const leadError = submitted ? formik.errors.teamLeadUserId : undefined;
  const toggle = (userId: number, on: boolean) =>
    void formik.setFieldValue(
      'team',
      on ? [...formik.values.team, userId] : formik.values.team.filter((u) => u !== userId),
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          formik.handleSubmit();
        }}
      >
        <DialogTitle id={`${id}-title`}>
          {t('experiments.visits.team.title', { id: experiment.proposal?.proposalId ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('experiments.visits.team.intro')}</DialogContentText>
          <Stack spacing={3}>
            <FormControl component="fieldset" error={Boolean(teamError)}>
              <FormLabel component="legend">{t('experiments.visits.team.visitors')}</FormLabel>
              <FormGroup>
                {members.map((member) => (
                  <FormControlLabel
                    key={member.id}
                    label={personName(member)}
                    control={
                      <Checkbox
                        checked={formik.values.team.includes(member.id)}
                        onChange={(e) => toggle(member.id, e.target.checked)}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {teamError ? <FormHelperText>{teamError}</FormHelperText> : null}
            </FormControl>
            <TextField
              select
              id={`${id}-lead`}
              label={t('experiments.visits.team.lead')}
              value={formik.values.teamLeadUserId === null ? '' : String(formik.values.teamLeadUserId)}
              onChange={(e) =>
                void formik.setFieldValue('teamLeadUserId', e.target.value ? Number(e.target.value) : null)
              }
              error={Boolean(leadError)}
              helperText={leadError}
              fullWidth
            >
              {members.map((member) => (
                <MenuItem key={member.id} value={String(member.id)}>
                  {personName(member)}
                </MenuItem>
              ))}
            </TextField>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('confirm.no')}</Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {t('experiments.visits.team.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
