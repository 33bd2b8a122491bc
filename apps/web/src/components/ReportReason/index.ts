export { useReportReason } from './ReportReason';
