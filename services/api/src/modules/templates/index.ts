export { TemplatesModule } from './templates.module';
export { TemplatesRepository, type TemplateStructure } from './read-models/templates/templates.repository';
export { TEMPLATES_PROJECTION } from './read-models/templates/templates.projection';
export { TemplateUsage, type TemplateUsageCounter } from './template-usage';
export { TemplatesService } from './templates.service';
export * from './read-models/templates/template.model';
