export * from './account-events.ts';
export * from './connection.ts';
export * from './messages.ts';
export * from './pull-loop.ts';
export * from './subjects.ts';
