// Which server module owns each table (decision 044): only the owner's SQL inserts, updates or
// deletes its rows; another module asks the owner through a function its index.ts exports.
// A reader uses the owner's exported queries or its views (migration 0027); no SQL crosses an index;
// plain joins of another module's columns remain (decision 044, "Reads across modules").
// The architecture test (src/architecture.test.ts) reads every server file's SQL against this map,
// and fails on a table missing from it. Owners are the folders under src/server/modules, plus the
// three owners outside them: auth (sign-in), mail (the outbox) and the test gateway.

export const TABLE_OWNERS = {
  users: 'profile',
  listings: 'listings',
  listing_photos: 'listings',
  // The calendar: a host's blocked nights and a booking's held ones, both the listing's.
  calendar_holds: 'listings',
  // Kept by a trigger on calendar_holds (migration 0005); no one writes it.
  listing_held_nights: 'listings',
  pets: 'pets',
  pet_vaccinations: 'pets',
  bookings: 'bookings',
  booking_pets: 'bookings',
  favorites: 'favorites',
  reviews: 'reviews',
  conversations: 'messages',
  messages: 'messages',
  contact_messages: 'contact',
  auth_codes: 'auth',
  // Codes proving a user's mobile number: the profile's, as the number is.
  phone_codes: 'profile',
  sign_in_browsers: 'auth',
  sessions: 'auth',
  mail_outbox: 'mail',
  notifications: 'notifications',
  notification_settings: 'notifications',
  notification_deliveries: 'notifications',
  push_subscriptions: 'notifications',
  // Today only the VAPID key pair of development's Web Push.
  app_keys: 'notifications',
  test_gateway_account: 'test-gateway',
  test_gateway_orders: 'test-gateway',
  test_gateway_payments: 'test-gateway',
  test_gateway_refunds: 'test-gateway',
  test_gateway_linked_accounts: 'test-gateway',
  test_gateway_transfers: 'test-gateway',
  test_gateway_webhooks: 'test-gateway',
  payment_orders: 'payments',
  payments: 'payments',
  refunds: 'payments',
  ledger_entries: 'payments',
  // The host saves an account (payouts' screens); payments links it at the provider and pays into it.
  payout_accounts: 'payments',
  payouts: 'payments',
  payout_recoveries: 'payments',
  host_tax_profiles: 'payouts',
  tax_document_series: 'tax-documents',
  tax_documents: 'tax-documents',
  host_verifications: 'verification',
  reports: 'reports',
  operator_actions: 'ops',
  care_sheets: 'stays',
  stay_updates: 'stays',
  stay_update_photos: 'stays',
  stay_update_reminders: 'stays',
  stay_photo_orphans: 'stays',
  meets: 'meets',
  incidents: 'stays',
  incident_photos: 'stays',
} as const;

export type TableName = keyof typeof TABLE_OWNERS;
export type TableOwner = (typeof TABLE_OWNERS)[TableName];
