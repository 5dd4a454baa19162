// What the operators' console uses of reports: the queue, and closing a thing's reports.
export { closeReports as closeReportsOn, reportsAbout, selectOpenReports } from './queries';
