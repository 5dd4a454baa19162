// What the operators' console uses of reports: the queue, and closing a thing's reports (its reporters told).
export { reportsAbout, selectOpenReports } from './queries';
export { closeReportsOn } from './decisions';
