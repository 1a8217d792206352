export { leadReportsProjection } from './lead-reports.projection';
export { type LeadReport, leadReport, type ReportRange } from './report-queries';
