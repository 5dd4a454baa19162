// Test mode (decision 040): payments through the built-in test gateway, without Razorpay's keys.
// No real money moves, and everything that speaks of money says so, in these words.

/** The banner on every page of a production server in test mode, and the first words of its money e-mails. */
export const TEST_MODE_NOTICE = /*i18n*/ 'Test mode: no real money moves';

/** Across every page of an invoice, credit note or statement made in test mode. */
export const TEST_DOCUMENT_MARK = 'TEST — not a tax invoice';

/** What a test document's band says after its mark: why it is one. */
export const TEST_DOCUMENT_REASON = 'Made in test mode: no real money moved, and no tax is due on it.';
