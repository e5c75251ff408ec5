import type { DataType, DependenciesLogicOperator, TemplateCategoryId } from '@user-office/contracts';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleActiveTemplateIdDocument,
  ConsoleCreateQuestionDocument,
  ConsoleCreateTopicDocument,
  ConsoleDeleteTopicDocument,
  ConsoleIsNaturalKeyPresentDocument,
  ConsoleMoveQuestionDocument,
  ConsolePlaceQuestionDocument,
  ConsoleRemoveQuestionDocument,
  ConsoleSetActiveTemplateDocument,
  ConsoleTemplateDocument,
  ConsoleUpdateQuestionDocument,
  ConsoleUpdateRelationSettingsDocument,
  ConsoleUpdateTopicDocument,
  ConsoleUpdateTopicOrderDocument,
  type FieldDependencyInput,
  type TemplateGroupId,
} from '../../../gql/graphql';

/**
 * The questionary editor's commands (§7 "Questionaries, templates, units"). Each is one mutation; the editor reloads
 * the template from the server after it (the server's arrangement is the truth).
 */
export const editorCommands = {
  load: async (templateId: number) => (await request(ConsoleTemplateDocument, { templateId })).getTemplate,
  activeTemplateId: async (group: TemplateGroupId) =>
    (await request(ConsoleActiveTemplateIdDocument, { group })).getActiveTemplateId ?? null,
  setActive: (group: TemplateGroupId, templateId: number) =>
    request(ConsoleSetActiveTemplateDocument, { group, templateId }),
  createTopic: (templateId: number, sortOrder: number, title?: string) =>
    request(ConsoleCreateTopicDocument, { templateId, sortOrder, title }),
  renameTopic: (id: number, title: string) => request(ConsoleUpdateTopicDocument, { id, title }),
  enableTopic: (id: number, isEnabled: boolean) => request(ConsoleUpdateTopicDocument, { id, isEnabled }),
  deleteTopic: (topicId: number) => request(ConsoleDeleteTopicDocument, { topicId }),
  reorderTopics: (topicOrder: number[]) => request(ConsoleUpdateTopicOrderDocument, { topicOrder }),
  createQuestion: async (categoryId: TemplateCategoryId, dataType: DataType) =>
    (await request(ConsoleCreateQuestionDocument, { categoryId, dataType })).createQuestion,
  place: (templateId: number, topicId: number, questionId: string, sortOrder: number) =>
    request(ConsolePlaceQuestionDocument, { templateId, topicId, questionId, sortOrder }),
  move: (templateId: number, topicId: number, questionId: string, sortOrder: number) =>
    request(ConsoleMoveQuestionDocument, { templateId, topicId, questionId, sortOrder }),
  remove: (templateId: number, questionId: string) =>
    request(ConsoleRemoveQuestionDocument, { templateId, questionId }),
  updateQuestion: (id: string, naturalKey: string, question: string) =>
    request(ConsoleUpdateQuestionDocument, { id, naturalKey, question }),
  updateSettings: (
    templateId: number,
    questionId: string,
    config: Record<string, unknown>,
    dependencies: FieldDependencyInput[],
    dependenciesOperator: DependenciesLogicOperator,
  ) =>
    request(ConsoleUpdateRelationSettingsDocument, {
      templateId,
      questionId,
      config: JSON.stringify(config),
      dependencies,
      dependenciesOperator,
    }),
  isNaturalKeyTaken: async (naturalKey: string) =>
    (await request(ConsoleIsNaturalKeyPresentDocument, { naturalKey })).getIsNaturalKeyPresent,
};
