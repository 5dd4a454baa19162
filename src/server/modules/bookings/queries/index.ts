// The bookings' SQL, one file per concern (views.ts says which).
export * from './views';
export * from './requests';
export * from './moves';
