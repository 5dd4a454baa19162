// What other modules may use of the tax documents: issuing them in the money's transactions.
export { issueCreditNote, issueInvoice } from './service';
