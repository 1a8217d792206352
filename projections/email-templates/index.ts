export { emailTemplatesProjection } from './email-templates.projection';
export { type StoredTemplate, templateById, templatesFor } from './email-templates.query';
