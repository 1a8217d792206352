export { leadImportsProjection } from './lead-imports.projection';
export { type ImportReportRow, importProgress, importReport } from './lead-imports.query';
