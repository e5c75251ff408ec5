import { createElement, lazy } from 'react';
import Description from '@mui/icons-material/Description';
import FileUpload from '@mui/icons-material/FileUpload';
import { Route } from 'react-router';
import type { ConsoleResource } from '../../app/registry';
import './translations';
import { TEMPLATE_LISTS } from './template-lists';

// the pages load when first opened (react-admin's layout shows its loader meanwhile)
const templateList = () => import('./components/TemplateList');
const ImportTemplatePage = lazy(() =>
  import('./components/ImportTemplatePage').then((m) => ({ default: m.ImportTemplatePage })),
);
const QuestionaryEditor = lazy(() =>
  import('./editor/QuestionaryEditor').then((m) => ({ default: m.QuestionaryEditor })),
);
// the PDF editor brings CodeMirror: loaded only when opened
const PdfTemplateEditor = lazy(() =>
  import('./pdf-editor/PdfTemplateEditor').then((m) => ({ default: m.PdfTemplateEditor })),
);

/** The template lists of §2 (officer, menu group Templates; the ESI lists under ESI), one per template group. */
const templateLists: ConsoleResource[] = TEMPLATE_LISTS.map((list) => ({
  name: list.name,
  label: `console.editors.lists.${list.key}`,
  icon: Description,
  roles: ['USER_OFFICER'],
  group: list.menuGroup ?? 'templates',
  feature: list.feature,
  list: lazy(() => templateList().then((m) => ({ default: m.templateListPage(list) }))),
}));

/** /console/ImportTemplate: reached from the lists' Import button. */
const importTemplate: ConsoleResource = {
  name: 'ImportTemplate',
  label: 'console.editors.import.title',
  icon: FileUpload,
  roles: ['USER_OFFICER'],
  hidden: true,
  list: ImportTemplatePage,
};

/** /console/QuestionaryEditor/{templateId}: reached from a template list. */
const questionaryEditor: ConsoleResource = {
  name: 'QuestionaryEditor',
  label: 'console.editors.editor.title',
  icon: Description,
  roles: ['USER_OFFICER'],
  hidden: true,
  routes: [
    createElement(Route, { key: 'editor', path: ':templateId', element: createElement(QuestionaryEditor) }),
  ],
};

/** /console/PdfTemplateEditor/{templateId}: reached from the PDF template list. */
const pdfTemplateEditor: ConsoleResource = {
  name: 'PdfTemplateEditor',
  label: 'console.editors.pdf.title',
  icon: Description,
  roles: ['USER_OFFICER'],
  hidden: true,
  routes: [
    createElement(Route, { key: 'editor', path: ':templateId', element: createElement(PdfTemplateEditor) }),
  ],
};

/** Templates and their editors (issue 13). */
export const templateResources: ConsoleResource[] = [
  ...templateLists,
  importTemplate,
  questionaryEditor,
  pdfTemplateEditor,
];
