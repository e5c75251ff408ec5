import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import {
  createInternalReviewSchema,
  DataType,
  searchMinLength,
  validationLimits,
} from '@user-office/contracts';
import { ConfirmDialog, QuestionInput } from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { FormikProvider, useFormik } from 'formik';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { yupValidate } from '../../../../app/form-validation';
import { reviewCommands, type InternalReview } from './review-commands';
import { mayUpdateInternalReview, plainText, type ReviewCaller } from './technical-review-access';

type Person = { id: number; firstname: string; lastname: string; preferredname?: string | null };
const personName = (p: Person | null | undefined) =>
  p ? `${p.preferredname || p.firstname} ${p.lastname}`.trim() : '';

interface InternalReviewValues {
  title: string;
  comment: string;
  reviewer: Person | null;
  files: { id: string }[];
}

/** The documents question the dialog shows through the shared upload input: PDF only, at most 5 (§5). */
const DOCUMENTS_FIELD = {
  question: {
    id: 'files',
    naturalKey: 'internal_documents',
    question: '',
    dataType: DataType.FILE_UPLOAD,
  },
  config: { file_type: ['.pdf'], max_files: validationLimits.internalDocumentsMax, required: false },
  dependencies: [],
  dependenciesOperator: 'AND' as const,
  topicId: 0,
  sortOrder: 0,
  value: null,
};

const validate = yupValidate(createInternalReviewSchema, (values) => ({
  title: values.title,
  comment: values.comment || null,
  reviewerId: (values.reviewer as Person | null)?.id ?? null,
  technicalReviewId: 1,
  files: (values.files as { id: string }[]).map((f) => f.id),
}));

/** The reviewer picker: internal reviewers found by surname (§5), "No Internal Reviewers found with that surname". */
function ReviewerPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Person | null;
  onChange(person: Person | null): void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Person[]>([]);
  useEffect(() => {
    const text = input.trim();
    if (text.length < searchMinLength || text === personName(value)) return;
    let current = true;
    const timer = setTimeout(() => {
      reviewCommands
        .internalReviewers(text)
        .then((users) => current && setOptions(users))
        .catch(() => current && setOptions([]));
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input, value]);
  return (
    <Autocomplete<Person>
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      disabled={disabled}
      filterOptions={(o) => o}
      getOptionLabel={personName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => onChange(next)}
      onInputChange={(_e, next) => setInput(next)}
      noOptionsText={input.trim() ? t('console.internalReviews.noReviewersFound') : t('empty.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          name="reviewer"
          label={t('console.internalReviews.fields.reviewer')}
          placeholder={t('console.internalReviews.searchSurname')}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

/** Create or edit an internal review (§5: title and reviewer required, comment ≤ 6000, ≤ 5 PDF documents). */
function InternalReviewDialog({
  technicalReviewId,
  review,
  isOfficer,
  onClose,
}: {
  technicalReviewId: number;
  review: InternalReview | null;
  isOfficer: boolean;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useFormik<InternalReviewValues>({
    initialValues: {
      title: review?.title ?? '',
      comment: plainText(review?.comment),
      reviewer: review?.reviewer ?? null,
      files: (review?.files ?? []).map((f) => ({ id: f.fileId })),
    },
    validate: (values) => validate(values as unknown as Record<string, unknown>),
    onSubmit: async (values) => {
      const input = {
        title: values.title,
        comment: values.comment || null,
        reviewerId: values.reviewer?.id ?? null,
        technicalReviewId,
        files: JSON.stringify(values.files.map((f) => f.id)),
      };
      try {
        if (review) {
          await reviewCommands.updateInternalReview({ ...input, id: review.id });
          notify(t('console.internalReviews.updated'), { type: 'success' });
        } else {
          await reviewCommands.createInternalReview(input);
          notify(t('console.internalReviews.created'), { type: 'success' });
        }
        onClose(true);
      } catch (e) {
        // §8: a failed create or update closes the dialog with no result (the message is shown)
        notify((e as Error).message, { type: 'error' });
        onClose(false);
      }
    },
  });
  const shown = (key: keyof InternalReviewValues) =>
    (form.touched[key] || form.submitCount > 0) && typeof form.errors[key] === 'string'
      ? (form.errors[key] as string)
      : undefined;
  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby="internal-review-title"
    >
      <FormikProvider value={form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit}>
          <DialogTitle id="internal-review-title">
            {t(review ? 'console.internalReviews.editTitle' : 'console.internalReviews.createTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                name="title"
                required
                label={t('console.internalReviews.fields.title')}
                value={form.values.title}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean(shown('title'))}
                helperText={shown('title')}
              />
              <ReviewerPicker
                value={form.values.reviewer}
                disabled={!isOfficer}
                error={
                  form.touched.reviewer || form.submitCount > 0
                    ? (form.errors as Record<string, string | undefined>).reviewerId
                    : undefined
                }
                onChange={(person) => {
                  void form.setFieldTouched('reviewer', true, false);
                  void form.setFieldValue('reviewer', person);
                }}
              />
              <TextField
                name="comment"
                label={t('console.internalReviews.fields.comment')}
                multiline
                minRows={3}
                maxRows={16}
                value={form.values.comment}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean(shown('comment'))}
                helperText={
                  shown('comment') ?? `${form.values.comment.length}/${validationLimits.commentMax}`
                }
              />
              <Typography variant="subtitle2">{t('console.internalReviews.fields.files')}</Typography>
              <QuestionInput
                field={DOCUMENTS_FIELD}
                name="files"
                readonly={false}
                owner={{ proposalPk: null }}
                questionaryId={null}
              />
              {shown('files') ? <Alert severity="error">{shown('files')}</Alert> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>{t('console.common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={form.isSubmitting}>
              {t('console.technicalReviews.save')}
            </Button>
          </DialogActions>
        </Box>
      </FormikProvider>
    </Dialog>
  );
}

/**
 * The internal reviews of one technical review (§5, §6): officers create and delete; an internal reviewer edits
 * their own and sees only the reviewer of the others.
 */
export function InternalReviews({
  technicalReviewId,
  caller,
}: {
  technicalReviewId: number;
  caller: ReviewCaller;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dates = useDateFormat();
  const isOfficer = caller.role === 'USER_OFFICER';
  const [reviews, setReviews] = useState<InternalReview[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<InternalReview | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InternalReview | null>(null);

  const load = useCallback(() => {
    reviewCommands
      .internalReviews(technicalReviewId)
      .then(setReviews)
      .catch((e: Error) => setError(e.message));
  }, [technicalReviewId]);
  useEffect(load, [load]);

  const remove = async (review: InternalReview) => {
    setDeleting(null);
    try {
      await reviewCommands.deleteInternalReview(review.id, technicalReviewId);
      notify(t('console.internalReviews.deleted'), { type: 'success' });
      load();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return (
    <Box component="section" aria-label={t('console.internalReviews.title')} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h4">
          {t('console.internalReviews.title')}
        </Typography>
        {isOfficer ? (
          <Button size="small" variant="outlined" onClick={() => setEditing('new')}>
            {t('console.internalReviews.createTitle')}
          </Button>
        ) : null}
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {reviews && reviews.length === 0 ? (
        <Typography color="text.secondary">{t('empty.listEmpty')}</Typography>
      ) : null}
      <List dense>
        {(reviews ?? []).map((review) => (
          <ListItem
            key={review.id}
            data-testid="internal-review"
            secondaryAction={
              <>
                {mayUpdateInternalReview(review, caller) ? (
                  <IconButton
                    aria-label={t('console.internalReviews.editTitle')}
                    onClick={() => setEditing(review)}
                  >
                    <Edit />
                  </IconButton>
                ) : null}
                {isOfficer ? (
                  <IconButton aria-label={t('console.common.delete')} onClick={() => setDeleting(review)}>
                    <Delete />
                  </IconButton>
                ) : null}
              </>
            }
          >
            <ListItemText
              primary={review.title ?? t('console.internalReviews.hidden')}
              secondary={
                <>
                  {`${t('console.internalReviews.fields.reviewer')}: ${personName(review.reviewer)} · ${dates.dateTime(review.createdAt)}`}
                  {review.comment ? (
                    <Typography component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                      {plainText(review.comment)}
                    </Typography>
                  ) : null}
                  {review.files.length > 0 ? (
                    <Typography component="span" sx={{ display: 'block' }}>
                      {review.files.map((f) => (
                        <a key={f.fileId} href={`/files/download/${f.fileId}`} style={{ marginRight: 8 }}>
                          {f.originalFileName}
                        </a>
                      ))}
                    </Typography>
                  ) : null}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      {editing ? (
        <InternalReviewDialog
          technicalReviewId={technicalReviewId}
          review={editing === 'new' ? null : editing}
          isOfficer={isOfficer}
          onClose={(changed) => {
            setEditing(null);
            if (changed) load();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        text={t('console.internalReviews.confirmDelete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Box>
  );
}
