// What other features use of reports: the Report button (its form loads when it is used).
export { ReportButton } from './report-button';
