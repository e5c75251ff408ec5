import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleCloneTemplateDocument,
  ConsoleCreateTemplateDocument,
  ConsoleDeleteTemplateDocument,
  ConsoleSetActiveTemplateDocument,
  ConsoleTemplateAsJsonDocument,
  ConsoleUpdateTemplateDocument,
} from '../../../gql/graphql';
import type { TemplateGroupId } from '../../../gql/graphql';

/** The template list's commands (§7 template create, clone, update, delete, export; setActiveTemplate). */
export const templateCommands = {
  create: async (groupId: TemplateGroupId, name: string, description: string) =>
    (await request(ConsoleCreateTemplateDocument, { groupId, name, description })).createTemplate,
  clone: async (templateId: number) =>
    (await request(ConsoleCloneTemplateDocument, { templateId })).cloneTemplate,
  setArchived: async (templateId: number, isArchived: boolean) =>
    (await request(ConsoleUpdateTemplateDocument, { templateId, isArchived })).updateTemplate,
  update: async (templateId: number, name: string, description: string) =>
    (await request(ConsoleUpdateTemplateDocument, { templateId, name, description })).updateTemplate,
  remove: async (templateId: number) =>
    (await request(ConsoleDeleteTemplateDocument, { templateId })).deleteTemplate,
  setActive: async (group: TemplateGroupId, templateId: number) =>
    (await request(ConsoleSetActiveTemplateDocument, { group, templateId })).setActiveTemplate,
  exportJson: async (templateId: number) =>
    (await request(ConsoleTemplateAsJsonDocument, { templateId })).getTemplateAsJson ?? '',
};

/** Saves a text as a file through the browser (the export of a template as JSON). */
export function saveAsFile(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
