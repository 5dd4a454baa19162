// The stays module's SQL (decision 024), by concern: the stay (care sheets, updates, the 8 pm
// reminder, photo files) and its incidents.
export * from './stays';
export * from './incidents';
export type { StoredUpdatePhoto } from './photos';
