import { Inject, Injectable } from '@nestjs/common';
import { DataType, FieldConditionType, OrderDirection, type ProposalEndStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { badInput } from '../../../../platform/errors/app-error';
import { SQL_CLIENT } from '../../../../platform/tokens';
import { LIST_ANSWER, NUMBER_ANSWER } from '../../../questionaries';
import { storeInstant } from '../../../../platform/validation/instant';
import type {
  ProposalsFilterInput,
  ProposalsViewResultModel,
  ProposalViewBasicModel,
  ProposalViewModel,
  QuestionFilterInput,
} from './proposal-view.model';
import { SAMPLE_KEY } from './proposal-views.projection';

/** The sortable columns of the staff table by their GraphQL field names. */
export const SORT_FIELDS: Readonly<Record<string, string>> = {
  primaryKey: 'proposal_pk',
  proposalId: 'proposal_id',
  title: 'title',
  statusName: 'status_name',
  statusId: 'status_id',
  callShortCode: 'call_short_code',
  submittedDate: 'submitted_date',
  created: 'created',
  finalStatus: 'final_status',
  principalInvestigator: 'pi_lastname',
  instrument: 'instrument_sort',
  technicalReviewStatus: 'review_status',
  technicalReviewTimeAllocation: 'review_time_allocation',
  technicalReviewAssignee: 'review_assignee',
};

export const viewMessages = {
  unknownSortField: (field: string) =>
    `Cannot sort by ${field}: sort by one of ${Object.keys(SORT_FIELDS).join(', ')}`,
  pageTooLarge: (max: number) => `Ask for at most ${max} proposals at once`,
  questionFilterValue: 'The question filter value does not fit the question type',
} as const;

export const MAX_PAGE = 1000;
export const DEFAULT_PAGE = 20;

/**
 * Counting exactly every match of a search or a question filter reads every matching row (at a million proposals,
 * hundreds of milliseconds). When the caller allows it (the console does), a count above this many proposals is
 * estimated from a sample instead, says so (`totalCountEstimated`), and is rounded to two significant figures; the
 * exact count is the same query without `allowEstimatedCount`.
 */
export const EXACT_COUNT_LIMIT = 5000;
/** about this many proposals are sampled for an estimate, whatever the number of proposals */
export const COUNT_SAMPLE = 1000;
/** fewer matches in the sample than this: the estimate would be too rough (±22 % and worse), counted exactly */
const MIN_SAMPLE_MATCHES = 20;
const SAMPLE_SPACE = 2 ** 31;

/** 49,873 → 50,000; 12,345 → 12,000 */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

interface ViewRecord {
  proposal_pk: number;
  proposal_id: string;
  title: string;
  pi_id: number;
  pi_firstname: string | null;
  pi_lastname: string | null;
  pi_preferredname: string | null;
  pi_email: string | null;
  submitted: boolean;
  submitted_date: Date | null;
  status_id: number;
  status_name: string | null;
  notified: boolean;
  call_id: number;
  call_short_code: string | null;
  final_status: ProposalEndStatus;
  allocation_time_unit: string | null;
  questionary_id: number;
  instruments: ProposalViewModel['instruments'] | null;
  technical_reviews: ProposalViewModel['technicalReviews'] | null;
  techniques: ProposalViewModel['techniques'] | null;
  fap_ids: number[] | null;
  faps: string[] | null;
  fap_instruments: ProposalViewModel['fapInstruments'] | null;
}

/**
 * Whose proposals a scientist's list holds (getInstrumentScientistProposals, getTechniqueScientistProposals):
 * proposals on any of `instrumentIds`, of any of `techniqueIds`, with a review assigned to `assigneeId`.
 */
export interface ViewScope {
  instrumentIds?: readonly number[];
  techniqueIds?: readonly number[];
  assigneeId?: number;
  /** proposals with at least one technique (an officer's technique proposals) */
  anyTechnique?: boolean;
}

const toView = (r: ViewRecord): ProposalViewModel => ({
  primaryKey: Number(r.proposal_pk),
  proposalId: r.proposal_id,
  title: r.title,
  principalInvestigator: {
    id: Number(r.pi_id),
    firstname: r.pi_firstname,
    lastname: r.pi_lastname,
    preferredname: r.pi_preferredname,
    email: r.pi_email,
  },
  submitted: r.submitted,
  submittedDate: r.submitted_date ? new Date(r.submitted_date) : null,
  statusId: Number(r.status_id),
  statusName: r.status_name,
  notified: r.notified,
  callId: Number(r.call_id),
  callShortCode: r.call_short_code,
  finalStatus: r.final_status,
  allocationTimeUnit: r.allocation_time_unit,
  questionaryId: Number(r.questionary_id),
  instruments: r.instruments ?? [],
  technicalReviews: r.technical_reviews ?? [],
  techniques: r.techniques ?? [],
  faps: r.faps ?? [],
  fapIds: (r.fap_ids ?? []).map(Number),
  fapInstruments: r.fap_instruments ?? [],
});

/** A WHERE clause being built with numbered parameters. */
class Where {
  /** the conditions on the view's own columns (the question filter's is `answer`): the estimate's sample reads them */
  readonly clauses: string[] = [];
  /** where the page and the exact count read a condition another way (an index of its own), its form for them */
  private readonly rowForms = new Map<number, string>();
  readonly params: unknown[] = [];
  /** every condition is on the call and the status only: `proposal_view_counts` holds the exact number of matches */
  countedByProjection = true;
  /** the question filter: the answer's condition (on `a.value`) for the question `a.question_id = question` */
  answer: { question: string; condition: string } | null = null;

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** `onCallOrStatus`: the condition reads nothing but `v.call_id` and `v.status_id` */
  add(clause: string, onCallOrStatus = false, rowForm?: string): void {
    this.clauses.push(clause);
    if (rowForm) this.rowForms.set(this.clauses.length - 1, rowForm);
    if (!onCallOrStatus) this.countedByProjection = false;
  }

  toSql(): string {
    const all = this.clauses.map((clause, i) => this.rowForms.get(i) ?? clause);
    if (this.answer)
      all.push(
        `v.questionary_id IN (SELECT questionary_id FROM questionary_answers a WHERE a.question_id = ${this.answer.question} AND ${this.answer.condition})`,
      );
    return all.length === 0 ? '' : `WHERE ${all.join(' AND ')}`;
  }
}

/** `word1:* & word2:*` for the simple text-search configuration (prefix matching of each word). */
export function toPrefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
    .flatMap((w) => w.split(' '))
    .filter((w) => w !== '');
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

function parseValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The answer condition of a question filter, on `a.value` (the JSONB answer). */
function answerCondition(filter: QuestionFilterInput, where: Where): string {
  const op = filter.compareOperator;
  if (op === FieldConditionType.EXISTS) return `a.value IS NOT NULL AND a.value <> 'null'::jsonb`;
  const raw = parseValue(filter.value);
  const cmp = op === FieldConditionType.GREATER_THAN ? '>' : op === FieldConditionType.LESS_THAN ? '<' : '=';
  switch (filter.dataType) {
    case DataType.NUMBER_INPUT: {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw badInput(viewMessages.questionFilterValue);
      return `${NUMBER_ANSWER} ${cmp} ${where.param(n)}::numeric`;
    }
    case DataType.INTERVAL: {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw badInput(viewMessages.questionFilterValue);
      const bound = op === FieldConditionType.LESS_THAN ? 'max' : 'min';
      return `jsonb_typeof(a.value->'${bound}') = 'number' AND (a.value->>'${bound}')::numeric ${cmp} ${where.param(n)}::numeric`;
    }
    case DataType.BOOLEAN:
      return `a.value = ${where.param(JSON.stringify(raw === true || raw === 'true'))}::jsonb`;
    case DataType.DATE: {
      const time = Date.parse(String(raw));
      if (Number.isNaN(time)) throw badInput(viewMessages.questionFilterValue);
      return `jsonb_typeof(a.value) = 'string' AND (a.value #>> '{}')::timestamptz ${cmp} ${where.param(new Date(time).toISOString())}::timestamptz`;
    }
    default: {
      if (op === FieldConditionType.INCLUDES) {
        const item = where.param(JSON.stringify([raw]));
        const text = where.param(`%${String(raw).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        return `((${LIST_ANSWER} AND a.value @> ${item}::jsonb) OR (jsonb_typeof(a.value) = 'string' AND a.value #>> '{}' ILIKE ${text}))`;
      }
      if (cmp !== '=') {
        const n = Number(raw);
        if (!Number.isFinite(n)) throw badInput(viewMessages.questionFilterValue);
        return `jsonb_typeof(a.value) = 'number' AND (a.value #>> '{}')::numeric ${cmp} ${where.param(n)}::numeric`;
      }
      const exact = where.param(JSON.stringify(raw));
      const asList = where.param(JSON.stringify([raw]));
      return `(a.value = ${exact}::jsonb OR a.value = ${asList}::jsonb)`;
    }
  }
}

export interface PageOptions {
  sortField?: string;
  sortDirection?: OrderDirection;
  first?: number;
  offset?: number;
  searchText?: string;
  /** a count above EXACT_COUNT_LIMIT may be estimated from a sample (the console's table) */
  allowEstimatedCount?: boolean;
  scope?: ViewScope;
}

/**
 * The staff table's queries (getProposalsCore, the scientists' and panels' lists, the downloads' sheets): the SQL
 * repository below, or MongoProposalViewsRepository when READ_MODELS_MONGO_URL is set. One contract suite
 * (proposal-views.repository.contract.ts) runs on both.
 */
export abstract class ProposalViewsRepository {
  abstract page(filter: ProposalsFilterInput, options: PageOptions): Promise<ProposalsViewResultModel>;
  /** The rows of these proposals, in no particular order (the downloads' sheets read them in batches). */
  abstract byPks(proposalPks: readonly number[]): Promise<ProposalViewModel[]>;
  /** every proposal matching the filter, newest first (select-all) */
  abstract basic(
    filter: ProposalsFilterInput,
    searchText?: string,
    scope?: ViewScope,
  ): Promise<ProposalViewBasicModel[]>;
}

/**
 * The staff table's queries in PostgreSQL. All filters, the sort and the paging run on the proposal_views read
 * model; the question filter joins the questionary answers.
 */
@Injectable()
export class SqlProposalViewsRepository extends ProposalViewsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {
    super();
  }

  private where(filter: ProposalsFilterInput, searchText: string | undefined, scope: ViewScope = {}): Where {
    const where = new Where();
    if (filter.fapId != null) where.add(`v.fap_ids @> ARRAY[${where.param(filter.fapId)}::int]`);
    const instruments = filter.instrumentFilter;
    if (instruments && !instruments.showAllProposals) {
      if (instruments.showMultiInstrumentProposals) where.add(`cardinality(v.instrument_ids) >= 2`);
      else if (instruments.instrumentId != null) {
        const id = where.param(instruments.instrumentId);
        where.add(
          `v.instrument_ids @> ARRAY[${id}::int]`,
          false,
          `v.proposal_pk IN (SELECT i.proposal_pk FROM proposal_view_instruments i WHERE i.instrument_id = ${id})`,
        );
      }
    }
    const techniques = filter.techniqueFilter;
    if (techniques && !techniques.showAllProposals) {
      if (techniques.showMultiTechniqueProposals) where.add(`cardinality(v.technique_ids) >= 2`);
      else if (techniques.techniqueId != null)
        where.add(`v.technique_ids @> ARRAY[${where.param(techniques.techniqueId)}::int]`);
    }
    const dates = filter.dateFilter;
    if (dates?.from)
      where.add(
        `coalesce(v.submitted_date, v.created) >= ${where.param(filterInstant(dates.from))}::timestamptz`,
      );
    if (dates?.to)
      where.add(
        `coalesce(v.submitted_date, v.created) < ${where.param(filterInstant(dates.to))}::timestamptz`,
      );
    if (scope.instrumentIds) where.add(`v.instrument_ids && ${where.param([...scope.instrumentIds])}::int[]`);
    if (scope.techniqueIds) where.add(`v.technique_ids && ${where.param([...scope.techniqueIds])}::int[]`);
    if (scope.anyTechnique) where.add(`cardinality(v.technique_ids) > 0`);
    if (scope.assigneeId !== undefined)
      where.add(`v.review_assignee_ids @> ARRAY[${where.param(scope.assigneeId)}::int]`);
    if (filter.callId != null) where.add(`v.call_id = ${where.param(filter.callId)}`, true);
    if (filter.proposalStatusId != null)
      where.add(`v.status_id = ${where.param(filter.proposalStatusId)}`, true);
    if (filter.excludeProposalStatusIds?.length)
      where.add(`NOT (v.status_id = ANY(${where.param(filter.excludeProposalStatusIds)}::int[]))`, true);
    if (filter.questionaryIds?.length)
      where.add(`v.questionary_id = ANY(${where.param(filter.questionaryIds)}::int[])`);
    if (filter.referenceNumbers?.length)
      where.add(`v.proposal_id = ANY(${where.param(filter.referenceNumbers)}::text[])`);
    for (const text of [filter.text, searchText]) {
      const query = text ? toPrefixQuery(text) : null;
      if (query) where.add(`v.search @@ to_tsquery('simple', ${where.param(query)})`);
    }
    if (filter.questionFilter) {
      const q = filter.questionFilter;
      const condition = answerCondition(q, where);
      where.answer = { question: where.param(q.questionId), condition };
      where.countedByProjection = false;
    }
    return where;
  }

  async page(filter: ProposalsFilterInput, options: PageOptions): Promise<ProposalsViewResultModel> {
    const first = options.first ?? DEFAULT_PAGE;
    if (first < 0 || first > MAX_PAGE) throw badInput(viewMessages.pageTooLarge(MAX_PAGE));
    const sortField = options.sortField ?? 'primaryKey';
    const column = SORT_FIELDS[sortField];
    if (!column) throw badInput(viewMessages.unknownSortField(sortField));
    const direction = options.sortDirection === OrderDirection.ASC ? 'ASC' : 'DESC';
    const offset = Math.max(0, options.offset ?? 0);
    const where = this.where(filter, options.searchText, options.scope);
    const clause = where.toSql();
    const countParams = [...where.params];
    const order = `ORDER BY v.${column} ${direction}, v.proposal_pk ${direction}`;
    const limit = where.param(first);
    const skip = where.param(offset);
    // a deep page: the keys of the page first (an index-only scan when the sort's index holds the filter's
    // columns, e.g. title), then their 20 rows, instead of reading every skipped row
    const rowsSql =
      offset > 0
        ? `SELECT v.* FROM (SELECT v.proposal_pk FROM proposal_views v ${clause} ${order} LIMIT ${limit} OFFSET ${skip}) page
           JOIN proposal_views v USING (proposal_pk) ${order}`
        : `SELECT v.* FROM proposal_views v ${clause} ${order} LIMIT ${limit} OFFSET ${skip}`;
    // the page with one number beside it (a sum of proposal_view_counts): one round trip
    const pageWith = async (numberSql: string) => {
      const result = await this.sql.query<ViewRecord & { n: string | number | null }>(
        `SELECT c.n, p.* FROM (${numberSql}) c LEFT JOIN LATERAL (${rowsSql}) p ON true
         ORDER BY p.${column} ${direction}, p.proposal_pk ${direction}`,
        where.params,
      );
      return {
        n: Number(result.rows[0]?.n ?? 0),
        proposalViews: result.rows.filter((r) => r.proposal_pk !== null).map(toView),
      };
    };
    if (where.countedByProjection) {
      // the count is a few rows of proposal_view_counts
      const { n, proposalViews } = await pageWith(
        `SELECT sum(v.n) AS n FROM proposal_view_counts v ${clause}`,
      );
      return { totalCount: n, totalCountEstimated: false, proposalViews };
    }
    const exactCount = async () => {
      const counted = await this.sql.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM proposal_views v ${clause}`,
        countParams,
      );
      return { totalCount: Number(counted.rows[0].n), totalCountEstimated: false };
    };
    if (!options.allowEstimatedCount) {
      const [rows, count] = await Promise.all([
        this.sql.query<ViewRecord>(rowsSql, where.params),
        exactCount(),
      ]);
      return { ...count, proposalViews: rows.rows.map(toView) };
    }
    // the number of all proposals, the sample's scale
    const { n: total, proposalViews } = await pageWith('SELECT sum(n) AS n FROM proposal_view_counts');
    // a page that is not full ends the matches: they are counted
    if (proposalViews.length > 0 && proposalViews.length < first)
      return { totalCount: offset + proposalViews.length, totalCountEstimated: false, proposalViews };
    if (offset === 0 && proposalViews.length === 0 && first > 0)
      return { totalCount: 0, totalCountEstimated: false, proposalViews };
    const estimate = total > EXACT_COUNT_LIMIT ? await this.estimate(where, countParams, total) : null;
    return { ...(estimate ?? (await exactCount())), proposalViews };
  }

  /**
   * The number of matches estimated from the sample (SAMPLE_KEY): the share of the sampled proposals that match,
   * times every proposal. Null when the estimate is below EXACT_COUNT_LIMIT or rests on too few matches.
   */
  private async estimate(
    where: Where,
    params: readonly unknown[],
    total: number,
  ): Promise<{ totalCount: number; totalCountEstimated: true } | null> {
    const k = Math.min(SAMPLE_SPACE - 1, Math.ceil((COUNT_SAMPLE / total) * SAMPLE_SPACE));
    const conditions = [...where.clauses];
    // the question filter probes the sampled proposals' answers one by one (a join would read every answer)
    let answered = '';
    if (where.answer) {
      answered = `LEFT JOIN LATERAL (SELECT true AS found FROM questionary_answers a
          WHERE a.questionary_id = v.questionary_id AND a.question_id = ${where.answer.question}
            AND ${where.answer.condition} LIMIT 1) answered ON true`;
      conditions.push('answered.found');
    }
    const result = await this.sql.query<{ sampled: string | number; matched: string | number }>(
      `SELECT count(*) AS sampled, count(*) FILTER (WHERE ${conditions.join(' AND ') || 'true'}) AS matched
       FROM proposal_views v ${answered}
       WHERE ${SAMPLE_KEY} < $${params.length + 1}`,
      [...params, k],
    );
    const sampled = Number(result.rows[0].sampled);
    const matched = Number(result.rows[0].matched);
    if (sampled === 0 || matched < MIN_SAMPLE_MATCHES) return null;
    const estimate = (matched / sampled) * total;
    if (estimate < EXACT_COUNT_LIMIT) return null;
    return { totalCount: roundEstimate(estimate), totalCountEstimated: true };
  }

  async byPks(proposalPks: readonly number[]): Promise<ProposalViewModel[]> {
    const result = await this.sql.query<ViewRecord>(
      `SELECT v.* FROM proposal_views v WHERE v.proposal_pk = ANY($1::int[])`,
      [proposalPks],
    );
    return result.rows.map(toView);
  }

  async basic(
    filter: ProposalsFilterInput,
    searchText?: string,
    scope?: ViewScope,
  ): Promise<ProposalViewBasicModel[]> {
    const where = this.where(filter, searchText, scope);
    const result = await this.sql.query<{
      proposal_pk: number;
      proposal_id: string;
      title: string;
      status_id: number;
      call_id: number;
    }>(
      `SELECT v.proposal_pk, v.proposal_id, v.title, v.status_id, v.call_id FROM proposal_views v ${where.toSql()}
       ORDER BY v.proposal_pk DESC LIMIT 100000`,
      where.params,
    );
    return result.rows.map((r) => ({
      primaryKey: Number(r.proposal_pk),
      proposalId: r.proposal_id,
      title: r.title,
      statusId: Number(r.status_id),
      callId: Number(r.call_id),
    }));
  }
}

/** The earliest and latest instants a date filter compares with (PostgreSQL refuses year 0 and years past 294276). */
/**
 * A date filter's bound as PostgreSQL takes it: clamped to years 1–9999 (no proposal lies outside them, so the
 * filter means the same), where "0000-01-01" would have been a database error; "Invalid date" for what Date
 * cannot hold.
 */
export function filterInstant(value: Date | string): string {
  return storeInstant(new Date(value)).toISOString();
}
