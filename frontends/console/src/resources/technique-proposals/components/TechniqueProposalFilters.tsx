import { useEffect, useState } from 'react';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { TECHNIQUE_TABLE_STATUSES } from '@user-office/contracts';
import { DateInput, SearchInput, SelectInput, useGetList, useListContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { MULTIPLE_INSTRUMENTS } from '../../proposals/proposal-filter';
import { DATE_PRESETS, presetOf, presetRange, todayIn, type DatePreset } from '../technique-filter';
import type { StatusChoice } from '../technique-status';

interface Props {
  source: string;
  alwaysOn?: boolean;
}

const ALL_ROWS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } } as const;

function Search({ source }: Props) {
  const { t } = useTranslation();
  const label = t('console.techniqueProposals.filters.search');
  return (
    <SearchInput source={source} placeholder={label} slotProps={{ htmlInput: { 'aria-label': label } }} />
  );
}

function CallInput({ source }: Props) {
  const { t } = useTranslation();
  const { data = [] } = useGetList('Calls', ALL_ROWS);
  return (
    <SelectInput
      source={source}
      label={t('console.techniqueProposals.filters.call')}
      emptyText={t('console.techniqueProposals.filters.all')}
      choices={data}
      optionText="shortCode"
      sx={{ minWidth: 140 }}
    />
  );
}

/** Technique or instrument: All, Multiple (`multi`) or one. */
function ManyInput({
  source,
  resource,
  label,
  multiple,
}: Props & { resource: string; label: string; multiple: string }) {
  const { t } = useTranslation();
  const { data = [] } = useGetList<{ id: number; name: string }>(resource, ALL_ROWS);
  return (
    <SelectInput
      source={source}
      label={label}
      emptyText={t('console.techniqueProposals.filters.all')}
      choices={[
        { id: MULTIPLE_INSTRUMENTS, name: multiple },
        ...data.map((d) => ({ id: d.id, name: d.name })),
      ]}
      sx={{ minWidth: 150 }}
    />
  );
}

function TechniqueInput({ source }: Props) {
  const { t } = useTranslation();
  return (
    <ManyInput
      source={source}
      resource="TechniquesMinimal"
      label={t('console.techniqueProposals.filters.technique')}
      multiple={t('console.techniqueProposals.filters.multipleTechniques')}
    />
  );
}

function InstrumentInput({ source }: Props) {
  const { t } = useTranslation();
  return (
    <ManyInput
      source={source}
      resource="InstrumentsMinimal"
      label={t('console.techniqueProposals.filters.instrument')}
      multiple={t('console.techniqueProposals.filters.multipleInstruments')}
    />
  );
}

/** The statuses of the technique table (§4); EXPIRED only for officers. */
function StatusInput({ source, isOfficer }: Props & { isOfficer: boolean }) {
  const { t } = useTranslation();
  const { data = [] } = useGetList<StatusChoice>('Statuses', ALL_ROWS);
  const shown = data.filter(
    (s) => TECHNIQUE_TABLE_STATUSES.includes(s.shortCode) && (isOfficer || s.shortCode !== 'EXPIRED'),
  );
  return (
    <SelectInput
      source={source}
      label={t('console.techniqueProposals.filters.status')}
      emptyText={t('console.techniqueProposals.filters.all')}
      choices={shown}
      sx={{ minWidth: 150 }}
    />
  );
}

function DayInput({ source, label }: Props & { label: string }) {
  return <DateInput source={source} label={label} />;
}

/** The date presets (§2): today, next 7 days, next 30 days, all; they set From and To (in the facility's zone). */
function PresetInput({ zone }: Props & { zone: string }) {
  const { t } = useTranslation();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const values = filterValues as { from?: string; to?: string };
  const [today, setToday] = useState(() => todayIn(zone));
  useEffect(() => setToday(todayIn(zone)), [zone]);
  const current = presetOf(values.from, values.to, today) ?? '';
  return (
    <FormControl size="small" sx={{ minWidth: 150, mb: '4px' }} variant="filled">
      <InputLabel id="technique-date-preset">{t('console.techniqueProposals.filters.presets')}</InputLabel>
      <Select
        labelId="technique-date-preset"
        value={current}
        onChange={(e) => {
          const range = presetRange(e.target.value as DatePreset, today);
          const next: Record<string, unknown> = { ...filterValues, ...range };
          if (!range.from) delete next.from;
          if (!range.to) delete next.to;
          setFilters(next, displayedFilters);
        }}
      >
        {DATE_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`console.techniqueProposals.filters.${preset === 'all' ? 'allDates' : preset}`)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The technique proposals table's filters (§2): search, call, technique, instrument, status, from / to, presets. */
export function techniqueProposalFilters({
  isOfficer,
  instruments,
  zone,
  t,
}: {
  isOfficer: boolean;
  /** INSTRUMENT_MANAGEMENT */
  instruments: boolean;
  zone: string;
  t(key: string): string;
}) {
  return [
    <Search key="search" source="search" alwaysOn />,
    <CallInput key="call" source="call" alwaysOn />,
    <TechniqueInput key="technique" source="technique" alwaysOn />,
    ...(instruments ? [<InstrumentInput key="instrument" source="instrument" alwaysOn />] : []),
    <StatusInput key="proposalStatus" source="proposalStatus" isOfficer={isOfficer} alwaysOn />,
    <PresetInput key="preset" source="preset" zone={zone} alwaysOn />,
    <DayInput key="from" source="from" label={t('console.techniqueProposals.filters.from')} alwaysOn />,
    <DayInput key="to" source="to" label={t('console.techniqueProposals.filters.to')} alwaysOn />,
  ];
}
