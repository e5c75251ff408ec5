export { GenericTemplatesModule } from './generic-templates.module';
export { GenericTemplatesRepository } from './read-models/generic-templates/generic-templates.repository';
export { GenericTemplateModel } from './read-models/generic-templates/generic-template.model';
export { GENERIC_TEMPLATES_PROJECTION } from './read-models/generic-templates/generic-templates.projection';
export { SubTemplatePlacement, isOfficer, type SubTemplateKind } from './sub-template-placement';
export { evolveGenericTemplate, initialGenericTemplateState } from './domain/generic-template.decide';
