// The whole database schema, one module per domain.
export * from './users';
export * from './catalogue';
export * from './bookings';
export * from './content';
export * from './analytics';
export * from './jobs';
export * from './payments';
export * from './inventory';
export * from './operations';
export * from './partners';
export * from './reviews';
export * from './wallet';
