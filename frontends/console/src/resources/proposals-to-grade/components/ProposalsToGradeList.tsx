import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import RateReview from '@mui/icons-material/RateReview';
import Send from '@mui/icons-material/Send';
import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { Title, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { gradePrecision, reviewsToSubmit } from '../../faps/fap-review-rules';
import { fapCommands, personName } from '../../faps/fap-commands';
import { reviewTabs } from '../../proposals/components/review/technical-review-access';
import { gradingCommands, type ReviewerFilterValue, type ReviewRow } from '../grading-commands';

const ReviewModal = lazy(() =>
  import('../../proposals/components/ReviewModal').then((m) => ({ default: m.ReviewModal })),
);

/**
 * Proposals to grade (§2, §3 Review row; the home of FAP reviewers, chairs and secretaries): the caller's reviews
 * ("Me") or every review of their panels' proposals ("All", submit disabled, §4); each opens the review modal on
 * its Grade tab. The selected drafts are submitted together after the §5 warning listing the proposals with a
 * missing grade or comment (the user may still confirm). The filter is kept in the address (`reviewer`).
 */
export function ProposalsToGradeList() {
  const { t } = useTranslation();
  const notify = useNotify();
  const session = useCurrentSession();
  const settings = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const reviewer: ReviewerFilterValue = searchParams.get('reviewer') === 'ALL' ? 'ALL' : 'ME';
  const reviewModal = Number(searchParams.get('reviewModal')) || null;
  const [rows, setRows] = useState<ReviewRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<{
    text: string;
    reviews: { proposalPk: number; reviewId: number }[];
  } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setRows(null);
    gradingCommands
      .reviewsToGrade(reviewer)
      .then((found) => {
        if (!live) return;
        setRows(found);
        setError(null);
        setSelected(new Set());
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [reviewer, reviewModal, version]);

  // "All": whose review each row is (the members of the rows' panels; blank when the caller may not list them)
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const fapKey = [...new Set((rows ?? []).map((r) => r.fapID))].sort().join(',');
  useEffect(() => {
    if (reviewer !== 'ALL' || fapKey === '') return;
    let live = true;
    Promise.all(fapKey.split(',').map((id) => fapCommands.members(Number(id)).catch(() => [])))
      .then((lists) => {
        if (!live) return;
        setNames(new Map(lists.flat().map((m) => [m.userId, personName(m.user)])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reviewer, fapKey]);

  const setReviewer = (next: ReviewerFilterValue) =>
    setSearchParams((params) => {
      const p = new URLSearchParams(params);
      if (next === 'ME') p.delete('reviewer');
      else p.set('reviewer', next);
      return p;
    });

  const gradeTab = reviewTabs(session.currentRole, settings.isEnabled).indexOf('grade');
  const open = (primaryKey: number) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.set('reviewModal', String(primaryKey));
      if (gradeTab > 0) next.set('modalTab', String(gradeTab));
      return next;
    });

  const all = rows ?? [];
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const askSubmit = () => {
    const { reviews, incomplete } = reviewsToSubmit(
      all.filter((r) => selected.has(r.id)),
      gradePrecision(settings.value('GRADE_PRECISION')),
    );
    if (reviews.length === 0) {
      notify(t('console.grading.nothingToSubmit'), { type: 'info' });
      return;
    }
    setConfirm({
      reviews,
      text:
        incomplete.length > 0
          ? t('console.grading.incomplete', { ids: incomplete.join(', ') })
          : t('console.grading.confirmSubmit', { count: reviews.length }),
    });
  };

  const submit = async () => {
    const reviews = confirm?.reviews ?? [];
    setConfirm(null);
    try {
      await gradingCommands.submitReviews(reviews);
      notify(t('console.grading.form.submitted'), { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    setVersion((v) => v + 1);
  };

  const guideFap = all[0]?.fapID;
  const submitDisabled = reviewer === 'ALL' || selected.size === 0;
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={t('console.grading.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.grading.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={reviewer}
          onChange={(_e, next: ReviewerFilterValue | null) => next && setReviewer(next)}
          aria-label={t('console.grading.filter')}
        >
          <ToggleButton value="ME">{t('console.grading.filterMe')}</ToggleButton>
          <ToggleButton value="ALL">{t('console.grading.filterAll')}</ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title={reviewer === 'ALL' ? t('console.grading.submitDisabledAll') : ''}>
          <span>
            <Button variant="contained" startIcon={<Send />} disabled={submitDisabled} onClick={askSubmit}>
              {t('console.grading.submitSelected')}
            </Button>
          </span>
        </Tooltip>
        <Button
          component={Link}
          to={guideFap ? `/GradeGuide?fap=${guideFap}` : '/GradeGuide'}
          startIcon={<MenuBook />}
        >
          {t('console.grading.gradeGuide')}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!rows && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {rows && rows.length === 0 ? (
        <Typography color="text.secondary">{t('console.grading.none')}</Typography>
      ) : null}
      {rows && rows.length > 0 ? (
        <Table size="small" aria-label={t('console.grading.title')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  slotProps={{ input: { 'aria-label': t('console.grading.selectAll') } }}
                  disabled={reviewer === 'ALL'}
                  checked={all.length > 0 && selected.size === all.length}
                  indeterminate={selected.size > 0 && selected.size < all.length}
                  onChange={(e) => setSelected(e.target.checked ? new Set(all.map((r) => r.id)) : new Set())}
                />
              </TableCell>
              <TableCell>{t('console.common.actions')}</TableCell>
              <TableCell>{t('console.grading.columns.proposalId')}</TableCell>
              <TableCell>{t('console.grading.columns.title')}</TableCell>
              <TableCell>{t('console.grading.columns.call')}</TableCell>
              <TableCell>{t('console.grading.columns.instruments')}</TableCell>
              <TableCell>{t('console.grading.columns.grade')}</TableCell>
              <TableCell>{t('console.grading.columns.status')}</TableCell>
              {reviewer === 'ALL' ? <TableCell>{t('console.grading.columns.reviewer')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const id = row.proposal?.proposalId ?? String(row.proposalPk);
              return (
                <TableRow key={row.id} hover data-testid={`review-row-${id}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      slotProps={{ input: { 'aria-label': t('console.grading.select', { id }) } }}
                      disabled={reviewer === 'ALL'}
                      checked={selected.has(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<RateReview />}
                      aria-label={t('console.grading.open', { id })}
                      onClick={() => open(row.proposalPk)}
                    >
                      {t('console.grading.gradeButton')}
                    </Button>
                  </TableCell>
                  <TableCell>{id}</TableCell>
                  <TableCell>{row.proposal?.title}</TableCell>
                  <TableCell>{row.proposal?.callShortCode}</TableCell>
                  <TableCell>{(row.proposal?.instrumentShortCodes ?? []).join(', ')}</TableCell>
                  <TableCell>{row.grade ?? ''}</TableCell>
                  <TableCell>{t(`console.grading.statuses.${row.status}`)}</TableCell>
                  {reviewer === 'ALL' ? <TableCell>{names.get(row.userID) ?? ''}</TableCell> : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        text={confirm?.text ?? ''}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void submit()}
      />
      {reviewModal ? (
        <Suspense fallback={null}>
          <ReviewModal proposalPk={reviewModal} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
