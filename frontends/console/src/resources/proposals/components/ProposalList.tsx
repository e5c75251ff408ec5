import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import {
  DatagridConfigurable,
  FunctionField,
  List,
  SelectColumnsButton,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useSearchParams } from 'react-router';
import { CheckboxLabels } from '../../../app/a11y';
import { readAddress, writeAddress } from '../address-params';
import { initialFilter, PAGE_SIZE, SCIENTIST_SCOPE, SEARCH_DEBOUNCE_MS } from '../proposal-filter';
import type { ProposalRow } from '../proposals.operations';
import { ProposalBulkActions } from './ProposalBulkActions';
import { ProposalPagination } from './ProposalPagination';
import { proposalFilters } from './ProposalFilters';
import { SelectAllBanner } from './SelectAllBanner';
import { useStaffRole } from './use-staff-role';

/** the review modal (the answers' renderer, the admin form, the logs) loads when first opened */
const ReviewModal = lazy(() => import('./ReviewModal').then((m) => ({ default: m.ReviewModal })));

const DEFAULT_SORT = { field: 'primaryKey', order: 'DESC' } as const;

/** Keeps the address in step with the table: its filters, sort and selection are §2 address parameters. */
function AddressSync({ initialSelection }: { initialSelection: number[] }) {
  const { filterValues, sort, selectedIds, onSelect } = useListContext();
  const [, setSearchParams] = useSearchParams();
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (initialSelection.length > 0) onSelect(initialSelection);
  }, [initialSelection, onSelect]);
  const state = JSON.stringify([filterValues, sort, selectedIds]);
  useEffect(() => {
    if (!restored.current) return;
    setSearchParams(
      (current) =>
        writeAddress(current, { filter: filterValues, sort, selection: selectedIds }, DEFAULT_SORT),
      { replace: true },
    );
  }, [state, setSearchParams]);
  return null;
}

function personName(p: ProposalRow['principalInvestigator']): string {
  if (!p) return '';
  return `${p.preferredname || p.firstname || ''} ${p.lastname ?? ''}`.trim();
}

/** A proposal's instruments, one per line. */
function instrumentNames(record: ProposalRow): string {
  return record.instruments.map((i) => i.name).join(', ');
}

/** One value per technical review, in the order of the proposal's instruments ("Feasible, Unfeasible"). */
function perReview(
  record: ProposalRow,
  value: (r: ProposalRow['technicalReviews'][number]) => string,
): string {
  const order = record.instruments.map((i) => i.id);
  return [...record.technicalReviews]
    .sort((a, b) => order.indexOf(a.instrumentId) - order.indexOf(b.instrumentId))
    .map(value)
    .filter((v) => v !== '')
    .join(', ');
}

function ListActions() {
  return (
    <TopToolbar>
      <SelectColumnsButton />
    </TopToolbar>
  );
}

/**
 * The staff proposals table (§2, `/console/Proposals`): actions, proposal ID, title, PI, PI e-mail, submitted,
 * status and call (hidden by default) columns whose visibility is remembered; search and filters; page size 20
 * over chunks of 200; row selection with the bulk actions; the review modal.
 */
export function ProposalList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // the address of a shared or bookmarked view is read once, when the table opens
  const role = useStaffRole();
  const settings = useSettings();
  const [initial] = useState(() => {
    const address = readAddress(searchParams);
    const scientist = role.isScientist
      ? {
          reviewer: settings.value('DEFAULT_INST_SCI_REVIEWER_FILTER'),
          status: settings.value('DEFAULT_INST_SCI_STATUS_FILTER'),
        }
      : null;
    return { ...address, filter: initialFilter(address.filter, scientist) };
  });
  const [filters] = useState(() =>
    proposalFilters({ isScientist: role.isScientist, instruments: role.instruments }),
  );
  // the instrument scientist's list: getInstrumentScientistProposals (a permanent filter, not in the address)
  const permanentFilter = useMemo(
    () => (role.isScientist ? { scope: SCIENTIST_SCOPE } : undefined),
    [role.isScientist],
  );
  const reviewModal = Number(searchParams.get('reviewModal')) || null;

  const openReview = (pk: number) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('reviewModal', String(pk));
        next.delete('modalTab');
        return next;
      },
      { replace: false },
    );

  return (
    <>
      <List
        resource="Proposals"
        title={t('console.proposals.title')}
        perPage={PAGE_SIZE}
        debounce={SEARCH_DEBOUNCE_MS}
        disableSyncWithLocation
        storeKey={false}
        filters={filters}
        filter={permanentFilter}
        filterDefaultValues={initial.filter}
        sort={initial.sort ?? DEFAULT_SORT}
        actions={<ListActions />}
        pagination={<ProposalPagination />}
      >
        <AddressSync initialSelection={initial.selection} />
        <SelectAllBanner />
        <CheckboxLabels selectAll={t('console.proposals.selectAllRows')}>
          <DatagridConfigurable
            bulkActionButtons={<ProposalBulkActions />}
            omit={['callShortCode']}
            rowClick={false}
            preferenceKey="Proposals.staffTable"
          >
            <FunctionField
              label={t('console.proposals.columns.actions')}
              sortable={false}
              render={(record: ProposalRow) => (
                <Tooltip title={t('console.proposals.view', { id: record.proposalId })}>
                  <IconButton
                    size="small"
                    aria-label={t('console.proposals.view', { id: record.proposalId })}
                    onClick={() => openReview(record.primaryKey)}
                  >
                    <Visibility fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            />
            <TextField source="proposalId" label={t('console.proposals.columns.proposalId')} />
            <TextField source="title" label={t('console.proposals.columns.title')} />
            <FunctionField
              source="principalInvestigator"
              label={t('console.proposals.columns.principalInvestigator')}
              render={(record: ProposalRow) => personName(record.principalInvestigator)}
            />
            <FunctionField
              source="piEmail"
              sortable={false}
              label={t('console.proposals.columns.piEmail')}
              render={(record: ProposalRow) => record.principalInvestigator?.email ?? ''}
            />
            <FunctionField
              source="submitted"
              label={t('console.proposals.columns.submitted')}
              render={(record: ProposalRow) =>
                record.submitted ? t('console.proposals.yes') : t('console.proposals.no')
              }
            />
            <TextField source="statusName" label={t('console.proposals.columns.status')} />
            {role.instruments ? (
              <FunctionField
                source="instrument"
                label={t('console.proposals.columns.instrument')}
                render={instrumentNames}
              />
            ) : null}
            {role.technicalReviews ? (
              <FunctionField
                source="technicalReviewStatus"
                label={t('console.proposals.columns.technicalReviewStatus')}
                render={(record: ProposalRow) =>
                  perReview(record, (r) =>
                    r.status ? t(`console.proposals.technicalReviewStatus.${r.status}`) : '',
                  )
                }
              />
            ) : null}
            {role.technicalReviews ? (
              <FunctionField
                source="technicalReviewTimeAllocation"
                label={t('console.proposals.columns.technicalReviewTimeAllocation')}
                render={(record: ProposalRow) =>
                  perReview(record, (r) =>
                    r.timeAllocation === null || r.timeAllocation === undefined
                      ? ''
                      : `${r.timeAllocation}${record.allocationTimeUnit ? ` ${record.allocationTimeUnit}` : ''}`,
                  )
                }
              />
            ) : null}
            {role.technicalReviews ? (
              <FunctionField
                source="technicalReviewAssignee"
                label={t('console.proposals.columns.technicalReviewAssignee')}
                render={(record: ProposalRow) =>
                  perReview(record, (r) =>
                    r.technicalReviewAssignee
                      ? `${r.technicalReviewAssignee.firstname ?? ''} ${r.technicalReviewAssignee.lastname ?? ''}`.trim()
                      : '',
                  )
                }
              />
            ) : null}
            {role.faps ? (
              <FunctionField
                source="faps"
                sortable={false}
                label={t('console.grading.columns.fap')}
                render={(record: ProposalRow) => (record.faps ?? []).join(', ')}
              />
            ) : null}
            <TextField source="callShortCode" label={t('console.proposals.columns.call')} />
          </DatagridConfigurable>
        </CheckboxLabels>
      </List>
      {reviewModal ? (
        <Suspense fallback={null}>
          <ReviewModal proposalPk={reviewModal} />
        </Suspense>
      ) : null}
    </>
  );
}
