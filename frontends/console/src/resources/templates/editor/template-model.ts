import type { DataType } from '@user-office/contracts';
import type { ConsoleTemplateDetailFragment, ConsoleTemplateFieldFragment } from '../../../gql/graphql';
import type { PlacedQuestion } from './dependencies';

export type TemplateDetail = ConsoleTemplateDetailFragment;
export type TemplateField = ConsoleTemplateFieldFragment;

/** Every question placed on the template, with its per-template config and dependencies. */
export function placedQuestions(template: TemplateDetail): PlacedQuestion[] {
  return template.steps.flatMap((step) =>
    step.fields.map((f) => ({
      questionId: f.question.id,
      naturalKey: f.question.naturalKey,
      question: f.question.question,
      dataType: f.question.dataType as DataType,
      config: (f.config ?? {}) as Record<string, unknown>,
      dependencies: f.dependencies.map((d) => ({
        dependencyId: d.dependencyId,
        dependencyNaturalKey: d.dependencyNaturalKey,
        condition: { condition: d.condition.condition, params: d.condition.params },
      })),
    })),
  );
}

/** The drag item id of a placed question and the drop id of a topic. */
export const topicDropId = (topicId: number) => `topic-${topicId}`;

/**
 * Where a drop lands: the topic and position (0-based among the topic's questions without the dragged one). `overId`
 * is a question (its place) or a topic (its end).
 */
export function dropTarget(
  template: TemplateDetail,
  activeId: string,
  overId: string,
): { topicId: number; sortOrder: number } | null {
  for (const step of template.steps) {
    const others = step.fields.filter((f) => f.question.id !== activeId);
    if (overId === topicDropId(step.topic.id)) return { topicId: step.topic.id, sortOrder: others.length };
    const index = step.fields.findIndex((f) => f.question.id === overId);
    if (index >= 0) {
      const from = step.fields.findIndex((f) => f.question.id === activeId);
      // within a topic the dragged question takes the place of the one it is dropped on
      return {
        topicId: step.topic.id,
        sortOrder: from >= 0 ? index : others.findIndex((f) => f.question.id === overId),
      };
    }
  }
  return null;
}
