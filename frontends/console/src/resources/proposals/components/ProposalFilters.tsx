import { useEffect, useMemo } from 'react';
import { SearchInput, SelectInput, TextInput, useGetList, useInput, useListContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MULTIPLE_INSTRUMENTS } from '../proposal-filter';
import type { InstrumentChoice } from '../proposals.operations';

/** Question types a filter compares (basis, layout and item-list questions have no comparable answer). */
const FILTERABLE = [
  'TEXT_INPUT',
  'RICH_TEXT_INPUT',
  'NUMBER_INPUT',
  'INTERVAL',
  'DATE',
  'BOOLEAN',
  'SELECTION_FROM_OPTIONS',
  'DYNAMIC_MULTIPLE_CHOICE',
  'FILE_UPLOAD',
  'INSTRUMENT_PICKER',
  'TECHNIQUE_PICKER',
];

/** The compare operators of a question's data type (the api's question filter). */
export function operatorsOf(dataType: string | undefined): string[] {
  switch (dataType) {
    case 'NUMBER_INPUT':
    case 'INTERVAL':
    case 'DATE':
      return ['EQUALS', 'GREATER_THAN', 'LESS_THAN', 'EXISTS'];
    case 'BOOLEAN':
      return ['EQUALS'];
    case 'TEXT_INPUT':
    case 'RICH_TEXT_INPUT':
    case 'SELECTION_FROM_OPTIONS':
    case 'DYNAMIC_MULTIPLE_CHOICE':
    case 'TECHNIQUE_PICKER':
    case 'INSTRUMENT_PICKER':
      return ['EQUALS', 'INCLUDES', 'EXISTS'];
    case undefined:
      return [];
    default:
      return ['EXISTS'];
  }
}

interface QuestionChoice {
  id: string;
  question: string;
  dataType: string;
  templates: { templateId: number }[];
}

function useQuestionChoices(): QuestionChoice[] {
  const call = useWatch({ name: 'call' }) as number | undefined;
  const { data: calls = [] } = useGetList('Calls', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const { data: questions = [] } = useGetList<QuestionChoice & { id: string }>('Questions', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
    filter: { category: 'PROPOSAL', dataType: FILTERABLE },
  });
  const templateId = (calls as { id: number; templateId: number }[]).find(
    (c) => c.id === Number(call),
  )?.templateId;
  return useMemo(
    () =>
      templateId ? questions.filter((q) => q.templates.some((t) => t.templateId === templateId)) : questions,
    [questions, templateId],
  );
}

/** The question of the question-based filter; its data type goes with it (the dataType parameter). */
function QuestionInput({ source, alwaysOn: _alwaysOn }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const choices = useQuestionChoices();
  return (
    <SelectInput
      source={source}
      label={t('console.proposals.filters.question')}
      choices={choices}
      optionText="question"
      sx={{ minWidth: 200 }}
    />
  );
}

/** Keeps `dataType` the data type of the chosen question (hidden). */
function DataTypeInput({ source }: { source: string; alwaysOn?: boolean }) {
  const questionId = useWatch({ name: 'questionId' }) as string | undefined;
  const choices = useQuestionChoices();
  const { field } = useInput({ source });
  const dataType = choices.find((q) => q.id === questionId)?.dataType;
  useEffect(() => {
    if (!questionId) {
      if (field.value) field.onChange('');
    } else if (dataType && field.value !== dataType) field.onChange(dataType);
  }, [questionId, dataType, field]);
  return null;
}

/**
 * The value of a filter input that appears only once another is chosen: the filter form fills only the inputs
 * present when the table opens, so an address's operator and value would show empty (while still filtering).
 */
function useInitialFilter(source: string): unknown {
  const { filterValues } = useListContext();
  return (filterValues as Record<string, unknown>)[source];
}

/** The compare operator, by the chosen question's data type. */
function CompareOperatorInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const initial = useInitialFilter(source);
  const dataType = useWatch({ name: 'dataType' }) as string | undefined;
  const questionId = useWatch({ name: 'questionId' }) as string | undefined;
  if (!questionId) return null;
  return (
    <SelectInput
      source={source}
      defaultValue={initial}
      label={t('console.proposals.filters.compareOperator')}
      choices={operatorsOf(dataType).map((id) => ({
        id,
        name: t(`console.proposals.filters.operators.${id}`),
      }))}
      sx={{ minWidth: 150 }}
    />
  );
}

/** The value compared with, by data type (yes/no for BOOLEAN; none for EXISTS). */
function ValueInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const initial = useInitialFilter(source);
  const dataType = useWatch({ name: 'dataType' }) as string | undefined;
  // an input registered with its default value does not wake the watchers: until it changes, the address's value
  const watched = useWatch({ name: 'compareOperator' }) as string | undefined;
  const initialOperator = useInitialFilter('compareOperator') as string | undefined;
  const operator = watched ?? initialOperator;
  const questionId = useWatch({ name: 'questionId' }) as string | undefined;
  if (!questionId || !operator || operator === 'EXISTS') return null;
  if (dataType === 'BOOLEAN')
    return (
      <SelectInput
        source={source}
        defaultValue={initial}
        label={t('console.proposals.filters.value')}
        choices={[
          { id: 'true', name: t('console.proposals.filters.yes') },
          { id: 'false', name: t('console.proposals.filters.no') },
        ]}
      />
    );
  return (
    <TextInput
      source={source}
      defaultValue={initial}
      label={t('console.proposals.filters.value')}
      type={
        dataType === 'NUMBER_INPUT' || dataType === 'INTERVAL'
          ? 'number'
          : dataType === 'DATE'
            ? 'date'
            : 'text'
      }
      slotProps={dataType === 'DATE' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}

function CallInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const { data = [] } = useGetList('Calls', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <SelectInput
      source={source}
      label={t('console.proposals.filters.call')}
      choices={data}
      optionText="shortCode"
      sx={{ minWidth: 140 }}
    />
  );
}

function StatusInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const { data = [] } = useGetList('Statuses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <SelectInput
      source={source}
      label={t('console.proposals.filters.status')}
      choices={data}
      optionText="name"
      sx={{ minWidth: 160 }}
    />
  );
}

function Search({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const label = t('console.proposals.filters.search');
  return (
    <SearchInput source={source} placeholder={label} slotProps={{ htmlInput: { 'aria-label': label } }} />
  );
}

/**
 * The instrument filter (§2): All (empty), Multiple (`multi`: proposals on two or more instruments) or one of the
 * instruments the caller may use (§6 instrument list rule); its value is the `instrument` address parameter.
 */
export function InstrumentInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  const { data = [] } = useGetList<InstrumentChoice>('InstrumentsMinimal', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SelectInput
      source={source}
      label={t('console.proposals.filters.instrument')}
      emptyText={t('console.proposals.filters.allInstruments')}
      choices={[
        { id: MULTIPLE_INSTRUMENTS, name: t('console.proposals.filters.multipleInstruments') },
        ...data.map((i) => ({ id: i.id, name: i.name })),
      ]}
      sx={{ minWidth: 160 }}
    />
  );
}

/** The scientist's reviewer filter (§2): My proposals (ME: their technical reviews) or All proposals. */
function ReviewerInput({ source }: { source: string; alwaysOn?: boolean }) {
  const { t } = useTranslation();
  return (
    <SelectInput
      source={source}
      label={t('console.proposals.filters.reviewer')}
      choices={[
        { id: 'ME', name: t('console.proposals.filters.myProposals') },
        { id: 'ALL', name: t('console.proposals.filters.allProposals') },
      ]}
      emptyText={t('console.proposals.filters.allProposals')}
      sx={{ minWidth: 160 }}
    />
  );
}

/**
 * The staff table's filters (§2), named after their address parameters: search (from 3 characters, 600 ms after
 * the last key), the scientist's reviewer filter, call, instrument (INSTRUMENT_MANAGEMENT), status and the
 * officer's question-based filter (question, compare operator and value by data type; getQuestions is the
 * officer's).
 */
export function proposalFilters({
  isScientist,
  instruments,
}: {
  isScientist: boolean;
  instruments: boolean;
}) {
  return [
    <Search key="search" source="search" alwaysOn />,
    ...(isScientist ? [<ReviewerInput key="reviewer" source="reviewer" alwaysOn />] : []),
    <CallInput key="call" source="call" alwaysOn />,
    ...(instruments ? [<InstrumentInput key="instrument" source="instrument" alwaysOn />] : []),
    <StatusInput key="proposalStatus" source="proposalStatus" alwaysOn />,
    ...(isScientist
      ? []
      : [
          <QuestionInput key="questionId" source="questionId" alwaysOn />,
          <DataTypeInput key="dataType" source="dataType" alwaysOn />,
          <CompareOperatorInput key="compareOperator" source="compareOperator" alwaysOn />,
          <ValueInput key="value" source="value" alwaysOn />,
        ]),
  ];
}
