import { DataType, FieldConditionType, OrderDirection } from '@user-office/contracts';
import type { Filter, Sort } from 'mongodb';
import { badInput } from '../../../../platform/errors/app-error';
import type { MongoReadModels } from '../../../../platform/read-models-mongo/mongo-read-models';
import type {
  ProposalsFilterInput,
  ProposalsViewResultModel,
  ProposalViewBasicModel,
  ProposalViewModel,
  QuestionFilterInput,
} from './proposal-view.model';
import {
  NULLABLE_SORTS,
  type AnswerDocument,
  type CountDocument,
  type ProposalViewDocument,
} from './proposal-views.mongo-projection';
import { PROPOSAL_VIEWS_PROJECTION } from './proposal-views.projection';
import {
  COUNT_SAMPLE,
  DEFAULT_PAGE,
  EXACT_COUNT_LIMIT,
  MAX_PAGE,
  ProposalViewsRepository,
  SORT_FIELDS,
  filterInstant,
  roundEstimate,
  toPrefixQuery,
  viewMessages,
  type PageOptions,
  type ViewScope,
} from './proposal-views.repository';

const MIN_SAMPLE_MATCHES = 20;
const SAMPLE_SPACE = 2 ** 31;

/** the document field of each sort column (SORT_FIELDS' keys) */
const SORT_DOCUMENT_FIELDS: Readonly<Record<string, string>> = {
  primaryKey: '_id',
  proposalId: 'proposalId',
  title: 'title',
  statusName: 'statusName',
  statusId: 'statusId',
  callShortCode: 'callShortCode',
  submittedDate: 'submittedDate',
  created: 'created',
  finalStatus: 'finalStatus',
  principalInvestigator: 'piLastname',
  instrument: 'instrumentSort',
  technicalReviewStatus: 'reviewStatus',
  technicalReviewTimeAllocation: 'reviewTimeAllocation',
  technicalReviewAssignee: 'reviewAssignee',
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function parseValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The question filter's condition on the answers (AnswerDocument), as the SQL repository's answerCondition: the
 * answer's forms stored beside it make each a plain comparison on an indexed field.
 */
export function answerFilter(filter: QuestionFilterInput): Filter<AnswerDocument> {
  const op = filter.compareOperator;
  const base: Filter<AnswerDocument> = { k: filter.questionId };
  if (op === FieldConditionType.EXISTS) return { ...base, value: { $ne: null } };
  const raw = parseValue(filter.value);
  const cmp =
    op === FieldConditionType.GREATER_THAN ? '$gt' : op === FieldConditionType.LESS_THAN ? '$lt' : '$eq';
  const number = () => {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw badInput(viewMessages.questionFilterValue);
    return n;
  };
  switch (filter.dataType) {
    case DataType.NUMBER_INPUT:
      return { ...base, num: { [cmp]: number() } };
    case DataType.INTERVAL: {
      const n = number();
      return { ...base, [op === FieldConditionType.LESS_THAN ? 'max' : 'min']: { [cmp]: n } };
    }
    case DataType.BOOLEAN:
      return { ...base, bool: raw === true || raw === 'true' };
    case DataType.DATE: {
      const time = Date.parse(String(raw));
      if (Number.isNaN(time)) throw badInput(viewMessages.questionFilterValue);
      return { ...base, date: { [cmp]: new Date(time) } };
    }
    default: {
      if (op === FieldConditionType.INCLUDES)
        return {
          ...base,
          $or: [{ isArray: true, value: raw }, { str: { $regex: escapeRegex(String(raw)), $options: 'i' } }],
        } as Filter<AnswerDocument>;
      if (cmp !== '$eq') return { ...base, scalar: { [cmp]: number() } };
      // the answer is the value, or a list of just the value (jsonb equality)
      return {
        ...base,
        $or: [{ isArray: { $exists: false }, value: raw }, { value: { $eq: [raw] } }],
      } as Filter<AnswerDocument>;
    }
  }
}

/**
 * The staff table's queries on MongoDB (READ_MODELS_MONGO_URL): the same answers as the SQL repository (one
 * contract suite runs on both), with MongoDB's query language on the documents of ProposalViewsMongoProjection.
 */
export class MongoProposalViewsRepository extends ProposalViewsRepository {
  constructor(private readonly mongo: MongoReadModels) {
    super();
  }

  private async views() {
    return this.mongo.live<ProposalViewDocument>(PROPOSAL_VIEWS_PROJECTION, 'proposal_views');
  }

  /** the filter, and whether it reads nothing but the call and the status (then the counts answer) */
  private async filter(
    filter: ProposalsFilterInput,
    searchText: string | undefined,
    scope: ViewScope = {},
  ): Promise<{ all: Filter<ProposalViewDocument>; callStatus: Filter<CountDocument> | null }> {
    const and: Filter<ProposalViewDocument>[] = [];
    const callStatus: Filter<CountDocument>[] = [];
    let onlyCallStatus = true;
    const add = (c: Filter<ProposalViewDocument>) => {
      and.push(c);
      onlyCallStatus = false;
    };
    if (filter.fapId != null) add({ fapIds: filter.fapId });
    const instruments = filter.instrumentFilter;
    if (instruments && !instruments.showAllProposals) {
      if (instruments.showMultiInstrumentProposals) add({ 'instrumentIds.1': { $exists: true } });
      else if (instruments.instrumentId != null) add({ instrumentIds: instruments.instrumentId });
    }
    const techniques = filter.techniqueFilter;
    if (techniques && !techniques.showAllProposals) {
      if (techniques.showMultiTechniqueProposals) add({ 'techniqueIds.1': { $exists: true } });
      else if (techniques.techniqueId != null) add({ techniqueIds: techniques.techniqueId });
    }
    const dates = filter.dateFilter;
    if (dates?.from) add({ dateKey: { $gte: new Date(filterInstant(dates.from)) } });
    if (dates?.to) add({ dateKey: { $lt: new Date(filterInstant(dates.to)) } });
    if (scope.instrumentIds) add({ instrumentIds: { $in: [...scope.instrumentIds] } });
    if (scope.techniqueIds) add({ techniqueIds: { $in: [...scope.techniqueIds] } });
    if (scope.anyTechnique) add({ 'techniqueIds.0': { $exists: true } });
    if (scope.assigneeId !== undefined) add({ reviewAssigneeIds: scope.assigneeId });
    if (filter.callId != null) callStatus.push({ callId: filter.callId });
    if (filter.proposalStatusId != null) callStatus.push({ statusId: filter.proposalStatusId });
    if (filter.excludeProposalStatusIds?.length)
      callStatus.push({ statusId: { $nin: [...filter.excludeProposalStatusIds] } });
    if (filter.questionaryIds?.length) add({ questionaryId: { $in: [...filter.questionaryIds] } });
    if (filter.referenceNumbers?.length) add({ proposalId: { $in: [...filter.referenceNumbers] } });
    for (const text of [filter.text, searchText]) {
      const query = text ? toPrefixQuery(text) : null;
      if (!query) continue;
      // each word a prefix of one of the proposal's words (an index range on the multikey `search`)
      for (const word of query.split(' & ').map((w) => w.replace(/:\*$/, '')))
        add({ search: { $regex: `^${escapeRegex(word)}` } });
    }
    if (filter.questionFilter) {
      const answers = await this.mongo.live<AnswerDocument>(
        PROPOSAL_VIEWS_PROJECTION,
        'proposal_view_answers',
      );
      const matching = await answers
        .find(answerFilter(filter.questionFilter), { projection: { q: 1 } })
        .toArray();
      add({ questionaryId: { $in: [...new Set(matching.map((a) => a.q))] } });
    }
    const all = [...(callStatus as Filter<ProposalViewDocument>[]), ...and];
    return {
      all: all.length === 0 ? {} : all.length === 1 ? all[0] : { $and: all },
      callStatus: onlyCallStatus
        ? callStatus.length === 0
          ? {}
          : callStatus.length === 1
            ? callStatus[0]
            : { $and: callStatus }
        : null,
    };
  }

  private async countsSum(filter: Filter<CountDocument>): Promise<number> {
    const counts = await this.mongo.live<CountDocument>(PROPOSAL_VIEWS_PROJECTION, 'proposal_view_counts');
    const rows = await counts.find(filter, { projection: { n: 1 } }).toArray();
    return rows.reduce((s, r) => s + Number(r.n), 0);
  }

  async page(filter: ProposalsFilterInput, options: PageOptions): Promise<ProposalsViewResultModel> {
    const first = options.first ?? DEFAULT_PAGE;
    if (first < 0 || first > MAX_PAGE) throw badInput(viewMessages.pageTooLarge(MAX_PAGE));
    const sortField = options.sortField ?? 'primaryKey';
    if (!SORT_FIELDS[sortField]) throw badInput(viewMessages.unknownSortField(sortField));
    const field = SORT_DOCUMENT_FIELDS[sortField];
    const dir = options.sortDirection === OrderDirection.ASC ? 1 : -1;
    const sort: Sort = NULLABLE_SORTS.includes(field)
      ? { [`n_${field}`]: dir, [field]: dir, _id: dir }
      : field === '_id'
        ? { _id: dir }
        : { [field]: dir, _id: dir };
    const offset = Math.max(0, options.offset ?? 0);
    const { all, callStatus } = await this.filter(filter, options.searchText, options.scope);
    const views = await this.views();
    const rows = async () =>
      first === 0 ? [] : (await views.find(all).sort(sort).skip(offset).limit(first).toArray()).map(toView);
    const exactCount = async () => ({
      totalCount: await views.countDocuments(all),
      totalCountEstimated: false,
    });
    if (callStatus) {
      const [proposalViews, totalCount] = await Promise.all([rows(), this.countsSum(callStatus)]);
      return { totalCount, totalCountEstimated: false, proposalViews };
    }
    if (!options.allowEstimatedCount) {
      const [proposalViews, count] = await Promise.all([rows(), exactCount()]);
      return { ...count, proposalViews };
    }
    const [proposalViews, total] = await Promise.all([rows(), this.countsSum({})]);
    if (proposalViews.length > 0 && proposalViews.length < first)
      return { totalCount: offset + proposalViews.length, totalCountEstimated: false, proposalViews };
    if (offset === 0 && proposalViews.length === 0 && first > 0)
      return { totalCount: 0, totalCountEstimated: false, proposalViews };
    const estimate = total > EXACT_COUNT_LIMIT ? await this.estimate(all, total) : null;
    return { ...(estimate ?? (await exactCount())), proposalViews };
  }

  /** the share of the sampled proposals (sampleKey below k: the SQL repository's sample) that match, times all */
  private async estimate(
    all: Filter<ProposalViewDocument>,
    total: number,
  ): Promise<{ totalCount: number; totalCountEstimated: true } | null> {
    const k = Math.min(SAMPLE_SPACE - 1, Math.ceil((COUNT_SAMPLE / total) * SAMPLE_SPACE));
    const views = await this.views();
    const inSample: Filter<ProposalViewDocument> = { sampleKey: { $lt: k } };
    const [sampled, matched] = await Promise.all([
      views.countDocuments(inSample),
      views.countDocuments({ $and: [inSample, all] }),
    ]);
    if (sampled === 0 || matched < MIN_SAMPLE_MATCHES) return null;
    const estimate = (matched / sampled) * total;
    if (estimate < EXACT_COUNT_LIMIT) return null;
    return { totalCount: roundEstimate(estimate), totalCountEstimated: true };
  }

  async byPks(proposalPks: readonly number[]): Promise<ProposalViewModel[]> {
    const views = await this.views();
    return (await views.find({ _id: { $in: [...proposalPks] } }).toArray()).map(toView);
  }

  async basic(
    filter: ProposalsFilterInput,
    searchText?: string,
    scope?: ViewScope,
  ): Promise<ProposalViewBasicModel[]> {
    const { all } = await this.filter(filter, searchText, scope);
    const views = await this.views();
    const docs = await views
      .find(all, { projection: { proposalId: 1, title: 1, statusId: 1, callId: 1 } })
      .sort({ _id: -1 })
      .limit(100_000)
      .toArray();
    return docs.map((d) => ({
      primaryKey: d._id,
      proposalId: d.proposalId,
      title: d.title,
      statusId: d.statusId,
      callId: d.callId,
    }));
  }
}

function toView(d: ProposalViewDocument): ProposalViewModel {
  return {
    primaryKey: d._id,
    proposalId: d.proposalId,
    title: d.title,
    principalInvestigator: {
      id: d.piId,
      firstname: d.piFirstname,
      lastname: d.piLastname,
      preferredname: d.piPreferredname,
      email: d.piEmail,
    },
    submitted: d.submitted,
    submittedDate: d.submittedDate ? new Date(d.submittedDate) : null,
    statusId: d.statusId,
    statusName: d.statusName,
    notified: d.notified,
    callId: d.callId,
    callShortCode: d.callShortCode,
    finalStatus: d.finalStatus,
    allocationTimeUnit: d.allocationTimeUnit,
    questionaryId: d.questionaryId,
    instruments: d.instruments ?? [],
    technicalReviews: d.technicalReviews ?? [],
    techniques: d.techniques ?? [],
    faps: d.faps ?? [],
    fapIds: d.fapIds ?? [],
    fapInstruments: d.fapInstruments ?? [],
  };
}
