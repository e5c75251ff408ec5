import { Injectable } from '@nestjs/common';
import { Role, type AnswerContext, type DataType, type TemplateGroupId } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden } from '../../platform/errors/app-error';
import type { QuestionaryRecord } from './read-models/questionaries/questionaries.repository';

export type QuestionaryAccessMode = 'read' | 'write';

/** What the server knows beyond the answers when a step is saved (see AnswerTopicCommand). */
export interface AnswerFacts {
  context?: AnswerContext;
  itemIds?: Record<string, number[]>;
  /**
   * Completeness of each question's items, by question id then item id: items of different owners (sub
   * templates, samples) may share ids, so each question is checked against its own items only.
   */
  itemsCompleted?: Record<string, Record<number, boolean>>;
  basisValues?: Record<string, unknown>;
}

/** An item with its own questionary answering a parent question (a sub-template entry, a sample). */
export interface QuestionItem {
  id: number;
  questionId: string;
  questionaryId: number;
}

/**
 * The item facts of the parent questions: each question's items and whether each item's questionary is complete
 * (`completion` by questionary id), for the min/max and "must be completed" rules checked on the server.
 */
export function itemAnswerFacts(
  questionIds: readonly string[],
  items: readonly QuestionItem[],
  completion: ReadonlyMap<number, boolean>,
): Required<Pick<AnswerFacts, 'itemIds' | 'itemsCompleted'>> {
  const facts: Required<Pick<AnswerFacts, 'itemIds' | 'itemsCompleted'>> = {
    itemIds: {},
    itemsCompleted: {},
  };
  for (const questionId of questionIds) {
    const mine = items.filter((i) => i.questionId === questionId);
    facts.itemIds[questionId] = mine.map((i) => i.id);
    facts.itemsCompleted[questionId] = Object.fromEntries(
      mine.map((i) => [i.id, completion.get(i.questionaryId) === true]),
    );
  }
  return facts;
}

/**
 * A module that owns questionaries (proposals, samples, sub-templates, reviews, …) tells who may read or answer
 * them and what facts their answers need. `access` answers undefined for questionaries it does not own.
 */
export interface QuestionaryOwner {
  /**
   * the template groups of the questionaries it owns: asked only about those (a questionary of another group is
   * not its own, and needs no query to say so); absent: asked about every questionary
   */
  readonly groups?: readonly TemplateGroupId[];
  access?(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: QuestionaryAccessMode,
  ): Promise<boolean | undefined>;
  answerFacts?(
    questionary: QuestionaryRecord,
    questions: readonly StepQuestion[],
  ): Promise<AnswerFacts | undefined>;
}

/** A question of the step being answered, with its type (owners pick theirs without asking the database). */
export interface StepQuestion {
  questionId: string;
  dataType: DataType;
}

/** the ids of the questions of `kind` among `questions` */
export function questionIdsOfKind(questions: readonly StepQuestion[], kind: DataType): string[] {
  return questions.filter((q) => q.dataType === kind).map((q) => q.questionId);
}

/** The registry of questionary owners; without an owner, the creator (and officers) may read and answer. */
@Injectable()
export class QuestionaryOwners {
  private readonly owners: QuestionaryOwner[] = [];

  register(owner: QuestionaryOwner): void {
    this.owners.push(owner);
  }

  /** the owners that may own this questionary (by its template's group, when known) */
  private ownersOf(questionary: QuestionaryRecord): QuestionaryOwner[] {
    const group = questionary.groupId;
    if (!group) return this.owners;
    return this.owners.filter((o) => !o.groups || o.groups.includes(group));
  }

  async mayAccess(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: QuestionaryAccessMode,
  ): Promise<boolean> {
    if (session.currentRole === Role.USER_OFFICER) return true;
    for (const owner of this.ownersOf(questionary)) {
      const decision = await owner.access?.(session, questionary, mode);
      if (decision !== undefined) return decision;
    }
    return questionary.creatorId === session.id;
  }

  async assertMayAccess(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: QuestionaryAccessMode,
    message: string,
  ) {
    if (!(await this.mayAccess(session, questionary, mode))) throw forbidden(message);
  }

  async answerFacts(
    questionary: QuestionaryRecord,
    questions: readonly StepQuestion[],
  ): Promise<AnswerFacts> {
    const facts: AnswerFacts = {};
    for (const owner of this.ownersOf(questionary)) {
      const more = await owner.answerFacts?.(questionary, questions);
      if (!more) continue;
      facts.context = {
        ...facts.context,
        ...more.context,
        ...(more.context?.itemsCompleted && {
          itemsCompleted: { ...facts.context?.itemsCompleted, ...more.context.itemsCompleted },
        }),
      };
      facts.itemIds = { ...facts.itemIds, ...more.itemIds };
      facts.itemsCompleted = { ...facts.itemsCompleted, ...more.itemsCompleted };
      facts.basisValues = { ...facts.basisValues, ...more.basisValues };
    }
    return facts;
  }
}
