export { WorkflowsModule } from './workflows.module';
export { WorkflowsRepository } from './read-models/workflows/workflows.repository';
export { WORKFLOWS_PROJECTION } from './read-models/workflows/workflows.projection';
export { WorkflowUsage, type UsageCounter } from './workflow-usage';
export * from './read-models/workflows/workflow.model';
export * from './read-models/catalogues/catalogue.model';
