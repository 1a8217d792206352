export { leadReportsProjection } from './lead-reports.projection';
export { type LeadReport, leadReport, type ReportRange, undeliveredReport, type UndeliveredReport } from './report-queries';
