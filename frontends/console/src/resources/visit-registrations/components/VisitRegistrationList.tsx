import { Button, Chip, Stack } from '@mui/material';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Undo from '@mui/icons-material/Undo';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Datagrid, FunctionField, List, SelectInput, TextField, useListContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { CheckboxLabels } from '../../../app/a11y';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { useRowCommand } from '../../../components/use-row-command';
import {
  DEFAULT_STATUS_FILTER,
  isCancellable,
  isReviewable,
  registrationKeysOf,
  REGISTRATION_STATUSES,
} from '../visit-registration-rules';
import { visitRegistrationCommands, type VisitRegistrationRow } from '../visit-registrations.operations';

const RESOURCE = 'VisitRegistrations';

/** Approve or request changes for the selected registrations: one request each, atomic on the server. */
function BulkActions() {
  const { t } = useTranslation();
  const { selectedIds, onUnselectItems } = useListContext<VisitRegistrationRow>();
  const { run, confirmDialog } = useRowCommand();
  const keys = registrationKeysOf(selectedIds);
  const count = keys.length;
  return (
    <>
      <Button
        size="small"
        startIcon={<CheckCircle />}
        onClick={() =>
          void run(
            async () => {
              await visitRegistrationCommands.approve(keys);
              onUnselectItems();
            },
            t('console.visitRegistrations.approved', { count }),
          )
        }
      >
        {t('console.visitRegistrations.bulk.approve', { count })}
      </Button>
      <Button
        size="small"
        startIcon={<Undo />}
        onClick={() =>
          void run(
            async () => {
              await visitRegistrationCommands.requestChanges(keys);
              onUnselectItems();
            },
            t('console.visitRegistrations.changesRequested', { count }),
          )
        }
      >
        {t('console.visitRegistrations.bulk.requestChanges', { count })}
      </Button>
      {confirmDialog}
    </>
  );
}

function RowActions({ row }: { row: VisitRegistrationRow }) {
  const { t } = useTranslation();
  const { run, confirmThenRun, confirmDialog } = useRowCommand();
  const key = { visitId: row.visitId, userId: row.userId };
  const who = { name: row.visitor, id: row.proposalId };
  const reviewable = isReviewable(row.status);
  return (
    <Stack direction="row" spacing={0}>
      <ActionIconButton
        label={t('console.visitRegistrations.approve', who)}
        icon={<CheckCircle fontSize="small" />}
        disabled={!reviewable}
        onClick={() =>
          void run(
            () => visitRegistrationCommands.approve([key]),
            t('console.visitRegistrations.approved', { count: 1 }),
          )
        }
      />
      <ActionIconButton
        label={t('console.visitRegistrations.requestChanges', who)}
        icon={<Undo fontSize="small" />}
        disabled={!reviewable}
        onClick={() =>
          void run(
            () => visitRegistrationCommands.requestChanges([key]),
            t('console.visitRegistrations.changesRequested', { count: 1 }),
          )
        }
      />
      <ActionIconButton
        label={t('console.visitRegistrations.cancel', who)}
        icon={<Block fontSize="small" />}
        disabled={!isCancellable(row.status)}
        onClick={() =>
          void confirmThenRun(
            t('console.visitRegistrations.cancelConfirm', who),
            () => visitRegistrationCommands.cancel(key),
            t('console.visitRegistrations.cancelled'),
          )
        }
      />
      {confirmDialog}
    </Stack>
  );
}

/**
 * The user office's visit registrations (§3, §4): one row per visitor of every visit, filtered by status in the
 * address (the submitted ones, waiting for a decision, by default); approve or request changes one at a time or for
 * the selection (one atomic request, safe to resend), cancel (drafted, submitted and change-requested ones).
 */
export function VisitRegistrationList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const statusLabel = (status: string) => t(`console.visitRegistrations.statuses.${status}`);
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label={t('console.visitRegistrations.filter')}
      alwaysOn
      emptyText={t('console.visitRegistrations.allStatuses')}
      emptyValue="ALL"
      choices={REGISTRATION_STATUSES.map((id) => ({ id, name: statusLabel(id) }))}
    />,
  ];
  return (
    <List
      resource={RESOURCE}
      title={t('console.visitRegistrations.title')}
      filters={filters}
      filterDefaultValues={{ status: DEFAULT_STATUS_FILTER }}
      sort={{ field: 'experimentStartsAt', order: 'ASC' }}
      storeKey={false}
      exporter={false}
      empty={false}
    >
      <CheckboxLabels selectAll={t('console.proposals.selectAllRows')}>
        <Datagrid bulkActionButtons={<BulkActions />} rowClick={false}>
          <FunctionField
            label={t('console.common.actions')}
            sortable={false}
            render={(r: VisitRegistrationRow) => <RowActions row={r} />}
          />
          <FunctionField
            source="visitor"
            label={t('console.visitRegistrations.columns.visitor')}
            render={(r: VisitRegistrationRow) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{r.visitor}</span>
                {r.isTeamLead ? (
                  <Chip size="small" variant="outlined" label={t('console.visitRegistrations.teamLead')} />
                ) : null}
              </Stack>
            )}
          />
          <TextField source="proposalId" label={t('console.visitRegistrations.columns.proposalId')} />
          <TextField source="proposalTitle" label={t('console.visitRegistrations.columns.proposalTitle')} />
          <TextField source="experimentId" label={t('console.visitRegistrations.columns.experimentId')} />
          <TextField source="instrument" label={t('console.visitRegistrations.columns.instrument')} />
          <FunctionField
            source="experimentStartsAt"
            label={t('console.visitRegistrations.columns.experimentStartsAt')}
            render={(r: VisitRegistrationRow) => dates.dateTime(r.experimentStartsAt)}
          />
          <FunctionField
            source="startsAt"
            label={t('console.visitRegistrations.columns.visitDates')}
            render={(r: VisitRegistrationRow) =>
              // wraps at the dash: the table fits the window
              r.startsAt
                ? `${dates.date(r.startsAt as string)} – ${dates.date(r.endsAt as string | null)}`
                : ''
            }
          />
          <FunctionField
            source="status"
            label={t('console.visitRegistrations.columns.status')}
            render={(r: VisitRegistrationRow) => statusLabel(r.status)}
          />
        </Datagrid>
      </CheckboxLabels>
    </List>
  );
}
