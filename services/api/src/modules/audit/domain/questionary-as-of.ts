/**
 * The as-of answers read as a questionary (issue 32): question texts and the template's layout are today's
 * (the templates read model), the answers are those folded up to the instant. Pure.
 */

/** the question an answer field is of: `answer.<q>`, `subTemplate.<id>.answer.<q>`, `fapReview.<id>.answer.<q>`… */
export function answeredQuestionId(field: string): string | null {
  const m = /(?:^|\.)answer\.(.+)$/.exec(field);
  return m ? m[1] : null;
}

/** one step of a template as it is today: its topic's title and its questions in order */
export interface TemplateStepLayout {
  title: string;
  questions: readonly { id: string; question: string; answerable: boolean }[];
}

export interface AsOfAnswer {
  questionId: string;
  question: string;
  /** false: not answered at that instant */
  answered: boolean;
  value: unknown;
}
export interface AsOfStep {
  /** null: answers to questions no longer placed in the template */
  title: string | null;
  answers: AsOfAnswer[];
}

/**
 * The answers at an instant laid out in the template's steps; answers to questions the template no longer places
 * come last, in a step without a title, named by today's text of their question when it has one (else the id).
 */
export function questionaryAsOf(
  steps: readonly TemplateStepLayout[],
  answers: Readonly<Record<string, unknown>>,
  texts: ReadonlyMap<string, string>,
): AsOfStep[] {
  const placed = new Set<string>();
  const out: AsOfStep[] = steps.map((step) => ({
    title: step.title,
    answers: step.questions
      .filter((q) => q.answerable)
      .map((q) => {
        placed.add(q.id);
        const answered = Object.hasOwn(answers, q.id);
        return { questionId: q.id, question: q.question, answered, value: answered ? answers[q.id] : null };
      }),
  }));
  const others = Object.keys(answers).filter((id) => !placed.has(id));
  if (others.length > 0)
    out.push({
      title: null,
      answers: others.map((id) => ({
        questionId: id,
        question: texts.get(id) ?? id,
        answered: true,
        value: answers[id],
      })),
    });
  return out;
}
