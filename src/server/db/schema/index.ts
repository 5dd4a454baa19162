// The database's tables, one file per part of the product (each table's owning module:
// table-owners.ts). drizzle-kit reads this index (drizzle.config.ts); the app imports from it.

export { unitSpherePoint } from './columns';
export * from './accounts';
export * from './listings';
export * from './calendar';
export * from './pets';
export * from './bookings';
export * from './community';
export * from './mail';
export * from './test-gateway';
export * from './money';
export * from './trust';
export * from './stays';
export * from './notifications';
