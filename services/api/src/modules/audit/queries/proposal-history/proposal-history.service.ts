import { Injectable } from '@nestjs/common';
import {
  FAP_REVIEW_SAVED,
  FAP_REVIEWER_ASSIGNED,
  GENERIC_TEMPLATE_CREATED,
  PROPOSAL_CREATED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  SAMPLE_CREATED,
  TECHNICAL_REVIEW_SAVED,
  type ProposalInstrumentsAssignedData,
} from '@user-office/contracts';
import { DataType } from '@user-office/contracts';
import { notFound } from '../../../../platform/errors/app-error';
import { TemplatesRepository } from '../../../templates';
import {
  changesBetween,
  foldAsOf,
  historyFields,
  type FieldChange,
  type HistoryEvent,
} from '../../domain/proposal-history';
import { answeredQuestionId, questionaryAsOf, type AsOfStep } from '../../domain/questionary-as-of';
import { HISTORY_FOLDS } from '../../history-folds';
import { ProposalEventsRepository } from './proposal-events.repository';

/** events whose data names a questionary of the proposal in `questionaryId` */
const NAMING_A_QUESTIONARY = new Set<string>([
  PROPOSAL_CREATED,
  GENERIC_TEMPLATE_CREATED,
  SAMPLE_CREATED,
  TECHNICAL_REVIEW_SAVED,
  FAP_REVIEWER_ASSIGNED,
  FAP_REVIEW_SAVED,
]);

/**
 * the questionaries a proposal's events name: its own, its sub-template items' and samples', and its technical
 * and FAP reviews' (every one ever named, so a questionary replaced or a review removed later is still read)
 */
export function questionaryIdsOf(events: readonly HistoryEvent[]): number[] {
  const ids = new Set<number>();
  const add = (id: unknown) => typeof id === 'number' && ids.add(id);
  for (const e of events) {
    if (NAMING_A_QUESTIONARY.has(e.type)) add((e.data as { questionaryId?: unknown }).questionaryId);
    else if (e.type === PROPOSAL_INSTRUMENTS_ASSIGNED)
      for (const stub of (e.data as ProposalInstrumentsAssignedData).createdReviews) add(stub.questionaryId);
  }
  return [...ids];
}

export interface ProposalAsOf {
  proposalPk: number;
  at: Date;
  /** whether the proposal existed at that instant */
  existed: boolean;
  eventCount: number;
  lastEventAt: Date | null;
  fields: Record<string, unknown>;
  /** today's text of the question each answer field is of (by field name) */
  questions: ReadonlyMap<string, string>;
  /** the proposal's answers at that instant in its template's steps (today's layout and texts) */
  questionary: AsOfStep[];
}

/** a change, with today's text of its question when the field is an answer */
export type ProposalFieldChange = FieldChange & { question: string | null };

/** As of and what changed (issue 32), folded from the events up to the instant asked. */
@Injectable()
export class ProposalHistory {
  constructor(
    private readonly events: ProposalEventsRepository,
    private readonly templates: TemplatesRepository,
  ) {}

  async asOf(proposalPk: number, at: Date): Promise<ProposalAsOf> {
    await this.assertExists(proposalPk);
    const events = await this.events.eventsUntil(proposalPk, at, questionaryIdsOf);
    const state = foldAsOf(HISTORY_FOLDS, events, at);
    const fields = historyFields(state);
    const main = state.questionaries.get(state.proposal.questionaryId);
    const [questions, structure] = await Promise.all([
      this.questionTexts(Object.keys(fields)),
      main ? this.templates.structure(main.templateId) : Promise.resolve(null),
    ]);
    const texts = new Map(
      Object.entries(main?.answers ?? {}).flatMap(([id]) => {
        const text = questions.get(`answer.${id}`);
        return text === undefined ? [] : [[id, text] as const];
      }),
    );
    // the basis question's answer is the proposal's title and abstract (kept on the proposal, not the questionary)
    const answers: Record<string, unknown> = { ...main?.answers };
    for (const step of structure?.steps ?? [])
      for (const f of step.fields)
        if (f.question.dataType === DataType.PROPOSAL_BASIS && fields.title !== undefined)
          answers[f.question.id] = { title: fields.title, abstract: fields.abstract };
    const layout = (structure?.steps ?? []).map((step) => ({
      title: step.topic.title,
      questions: step.fields.map((f) => ({
        id: f.question.id,
        question: f.question.question,
        answerable: f.question.dataType !== DataType.EMBELLISHMENT,
      })),
    }));
    return {
      proposalPk,
      at,
      existed: state.proposal.status !== 'none',
      eventCount: state.eventCount,
      lastEventAt: state.lastEventAt,
      fields,
      questions,
      questionary: main ? questionaryAsOf(layout, answers, texts) : [],
    };
  }

  async changes(proposalPk: number, from: Date, to: Date): Promise<ProposalFieldChange[]> {
    await this.assertExists(proposalPk);
    const events = await this.events.eventsUntil(proposalPk, to, questionaryIdsOf);
    const changes = changesBetween(HISTORY_FOLDS, events, from, to);
    const questions = await this.questionTexts(changes.map((c) => c.field));
    return changes.map((c) => ({ ...c, question: questions.get(c.field) ?? null }));
  }

  /** today's text of the question of each answer field (field name → text); fields of no known question are left out */
  private async questionTexts(fieldNames: readonly string[]): Promise<Map<string, string>> {
    const byField = new Map<string, string>();
    for (const name of fieldNames) {
      const id = answeredQuestionId(name);
      if (id !== null) byField.set(name, id);
    }
    const texts = await this.templates.questionTexts([...new Set(byField.values())]);
    const out = new Map<string, string>();
    for (const [name, id] of byField) {
      const text = texts.get(id);
      if (text !== undefined) out.set(name, text);
    }
    return out;
  }

  /** a proposal that never existed is a 404, at any instant */
  private async assertExists(proposalPk: number): Promise<void> {
    if (!(await this.events.exists(proposalPk))) throw notFound(`Proposal ${proposalPk} does not exist`);
  }
}
