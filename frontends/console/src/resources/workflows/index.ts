import { createElement, lazy, type ComponentType } from 'react';
import AccountTree from '@mui/icons-material/AccountTree';
import { FeatureId } from '@user-office/contracts';
import { Route } from 'react-router';
import type { ConsoleResource } from '../../app/registry';
import './translations';
// React Flow's own styles (kept out of the editor module, which the jsdom tests import)
import '@xyflow/react/dist/style.css';

/** the list and the editor (React Flow) load when first opened, out of the console's initial download */
const listPage = (resource: string, entityType: 'PROPOSAL' | 'EXPERIMENT', titleKey: string) =>
  lazy(() =>
    import('./components/WorkflowList').then((m) => ({
      default: m.workflowListPage(resource, entityType, titleKey),
    })),
  );
const editorPage = (entityType: 'PROPOSAL' | 'EXPERIMENT') =>
  lazy(() => import('./editor/WorkflowEditor').then((m) => ({ default: m.workflowEditorPage(entityType) })));

const editorRoute = (element: ComponentType) => [
  createElement(Route, { key: 'editor', path: ':workflowId', element: createElement(element) }),
];

/**
 * The workflow pages of §2 (officer, menu group Settings): /ProposalWorkflows and /ProposalWorkflowEditor/{id};
 * /ExperimentWorkflows and /ExperimentWorkflowEditor/{id} with the experiment safety review feature.
 */
export const workflowResources: ConsoleResource[] = [
  {
    name: 'ProposalWorkflows',
    label: 'console.workflows.proposalWorkflows',
    icon: AccountTree,
    roles: ['USER_OFFICER'],
    group: 'settings',
    list: listPage('ProposalWorkflows', 'PROPOSAL', 'console.workflows.proposalWorkflows'),
  },
  {
    name: 'ProposalWorkflowEditor',
    label: 'console.workflows.editorTitle',
    icon: AccountTree,
    roles: ['USER_OFFICER'],
    hidden: true,
    routes: editorRoute(editorPage('PROPOSAL')),
  },
  {
    name: 'ExperimentWorkflows',
    label: 'console.workflows.experimentWorkflows',
    icon: AccountTree,
    roles: ['USER_OFFICER'],
    group: 'settings',
    feature: FeatureId.EXPERIMENT_SAFETY_REVIEW,
    list: listPage('ExperimentWorkflows', 'EXPERIMENT', 'console.workflows.experimentWorkflows'),
  },
  {
    name: 'ExperimentWorkflowEditor',
    label: 'console.workflows.editorTitle',
    icon: AccountTree,
    roles: ['USER_OFFICER'],
    hidden: true,
    feature: FeatureId.EXPERIMENT_SAFETY_REVIEW,
    routes: editorRoute(editorPage('EXPERIMENT')),
  },
];
