import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import GridOn from '@mui/icons-material/GridOn';
import Science from '@mui/icons-material/Science';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { useDateFormat, useSettings } from '@user-office/frontend-shared/settings';
import {
  Datagrid,
  FunctionField,
  List,
  TextField,
  useDataProvider,
  useGetList,
  useListContext,
  useRefresh,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { CheckboxLabels } from '../../../app/a11y';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { zoneOf } from '../../../components/zoned-dates';
import { AssignInstrumentDialog } from '../../proposals/components/AssignInstrumentDialog';
import { downloadPaths } from '../../proposals/components/DownloadMenu';
import { useStaffRole } from '../../proposals/components/use-staff-role';
import { SEARCH_DEBOUNCE_MS } from '../../proposals/proposal-filter';
import { TECHNIQUE_PAGE_SIZE } from '../technique-filter';
import type { TechniqueProposalRow } from '../technique-proposals.operations';
import { instrumentChangeRefusal, type StatusChoice } from '../technique-status';
import { ScientistCommentPanel } from './ScientistCommentPanel';
import { techniqueProposalFilters } from './TechniqueProposalFilters';
import { TechniqueStatusDialog } from './TechniqueStatusDialog';

type Open = { action: 'status' | 'instrument'; rows: TechniqueProposalRow[] } | null;

function personName(p: TechniqueProposalRow['principalInvestigator']): string {
  if (!p) return '';
  return `${p.preferredname || p.firstname || ''} ${p.lastname ?? ''}`.trim();
}

/** The statuses (short codes for the §4 rules), loaded once for the page. */
function useStatuses(): StatusChoice[] {
  const { data = [] } = useGetList<StatusChoice>('Statuses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  return data;
}

/** The dialogs of the page's commands (a row's or the selection's), refreshing the table after a change. */
function Dialogs({ open, onClose, isOfficer }: { open: Open; onClose(): void; isOfficer: boolean }) {
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const close = (changed: boolean) => {
    onClose();
    if (changed) refresh();
  };
  const rows = open?.rows ?? [];
  const common = rows.length
    ? rows[0].instruments
        .map((i) => i.id)
        .filter((id) => rows.every((r) => r.instruments.some((i) => i.id === id)))
    : [];
  return (
    <>
      <TechniqueStatusDialog
        rows={rows}
        isOfficer={isOfficer}
        open={open?.action === 'status'}
        onClose={close}
      />
      <AssignInstrumentDialog
        proposalPks={rows.map((r) => r.primaryKey)}
        initial={common}
        open={open?.action === 'instrument'}
        onClose={close}
        assign={(pks, ids) => dataProvider.assignTechniqueProposalsToInstruments(pks, ids)}
      />
    </>
  );
}

/** The selection's commands: change status, assign to instrument (§4: officers, or while UNDER_REVIEW), export. */
function BulkActions({
  onOpen,
  isOfficer,
  instruments,
}: {
  onOpen(open: Open): void;
  isOfficer: boolean;
  instruments: boolean;
}) {
  const { t } = useTranslation();
  const { selectedIds, data = [] } = useListContext<TechniqueProposalRow>();
  const { download } = useDownloads();
  const statuses = useStatuses();
  const rows = data.filter((r) => selectedIds.includes(r.id));
  const instrumentRefusal = instrumentChangeRefusal(statuses, rows, isOfficer);
  const pks = selectedIds.map(Number);
  return (
    <>
      <Button size="small" startIcon={<SwapHoriz />} onClick={() => onOpen({ action: 'status', rows })}>
        {t('console.techniqueProposals.status.button')}
      </Button>
      {instruments ? (
        <span title={instrumentRefusal ?? undefined}>
          <Button
            size="small"
            startIcon={<Science />}
            disabled={instrumentRefusal !== null || rows.length === 0}
            onClick={() => onOpen({ action: 'instrument', rows })}
          >
            {t('console.techniqueProposals.assignInstrument.button')}
          </Button>
        </span>
      ) : null}
      <Button
        size="small"
        startIcon={<GridOn />}
        onClick={() =>
          void download(
            downloadPaths.xlsxTechnique(pks),
            `${t('console.techniqueProposals.export.fileName')}.xlsx`,
          )
        }
      >
        {t('console.techniqueProposals.export.button')}
      </Button>
    </>
  );
}

/**
 * The technique proposals page (§2 `/TechniqueProposals`, officers and instrument scientists, feature
 * TECHNIQUE_PROPOSALS): getTechniqueScientistProposals with call, technique, instrument, status and from/to date
 * filters (presets today, next 7 days, next 30 days, all), 5 a page; each row's comment panel (expand), change
 * status with §4's technique table rules, assign to instrument, and the selection's Excel export.
 */
export function TechniqueProposalList() {
  const { t } = useTranslation();
  const role = useStaffRole();
  const settings = useSettings();
  const { dateTime } = useDateFormat();
  const zone = zoneOf(settings.value('TIMEZONE'));
  const [filters] = useState(() =>
    techniqueProposalFilters({ isOfficer: role.isOfficer, instruments: role.instruments, zone, t }),
  );
  const [open, setOpen] = useState<Open>(null);
  const statuses = useStatuses();
  const permanentFilter = useMemo(() => ({ zone }), [zone]);
  return (
    <>
      <List
        resource="TechniqueProposals"
        title={t('console.techniqueProposals.title')}
        perPage={TECHNIQUE_PAGE_SIZE}
        debounce={SEARCH_DEBOUNCE_MS}
        filters={filters}
        // the facility's zone, in which the From / To days begin (a permanent filter)
        filter={permanentFilter}
        sort={{ field: 'primaryKey', order: 'DESC' }}
        storeKey="TechniqueProposals.table"
        exporter={false}
      >
        <CheckboxLabels selectAll={t('console.proposals.selectAllRows')}>
          <Datagrid
            bulkActionButtons={
              <BulkActions onOpen={setOpen} isOfficer={role.isOfficer} instruments={role.instruments} />
            }
            rowClick={false}
            expand={<ScientistCommentPanel />}
          >
            <TextField source="proposalId" label={t('console.techniqueProposals.columns.proposalId')} />
            <TextField source="title" label={t('console.techniqueProposals.columns.title')} />
            <FunctionField
              source="principalInvestigator"
              label={t('console.techniqueProposals.columns.principalInvestigator')}
              render={(r: TechniqueProposalRow) => personName(r.principalInvestigator)}
            />
            <FunctionField
              source="submittedDate"
              label={t('console.techniqueProposals.columns.submittedDate')}
              render={(r: TechniqueProposalRow) => dateTime(r.submittedDate as string | null)}
            />
            <FunctionField
              source="techniques"
              sortable={false}
              label={t('console.techniqueProposals.columns.techniques')}
              render={(r: TechniqueProposalRow) => r.techniques.map((x) => x.name).join(', ')}
            />
            <FunctionField
              source="instrument"
              label={t('console.techniqueProposals.columns.instruments')}
              render={(r: TechniqueProposalRow) => r.instruments.map((x) => x.name).join(', ')}
            />
            <TextField source="statusName" label={t('console.techniqueProposals.columns.status')} />
            <FunctionField
              label={t('console.techniqueProposals.columns.actions')}
              sortable={false}
              render={(r: TechniqueProposalRow) => {
                const refusal = instrumentChangeRefusal(statuses, [r], role.isOfficer);
                return (
                  <>
                    <ActionIconButton
                      label={`${t('console.techniqueProposals.status.button')} ${r.proposalId}`}
                      icon={<SwapHoriz fontSize="small" />}
                      onClick={() => setOpen({ action: 'status', rows: [r] })}
                    />
                    <ActionIconButton
                      label={
                        refusal ??
                        `${t('console.techniqueProposals.assignInstrument.button')} ${r.proposalId}`
                      }
                      icon={<Science fontSize="small" />}
                      disabled={refusal !== null}
                      onClick={() => setOpen({ action: 'instrument', rows: [r] })}
                    />
                  </>
                );
              }}
            />
          </Datagrid>
        </CheckboxLabels>
        <Dialogs open={open} onClose={() => setOpen(null)} isOfficer={role.isOfficer} />
      </List>
    </>
  );
}
