// The full schema, for drizzle's typed client and drizzle-kit (not a barrel for app code: import tables from their files).
export * from './users.ts';
export * from './system.ts';
export * from './estates.ts';
export * from './files.ts';
export * from './memories.ts';
export * from './documents.ts';
export * from './digital-assets.ts';
export * from './tasks.ts';
export * from './appointments.ts';
export * from './messages.ts';
export * from './lifecycle.ts';
export * from './planner.ts';
export * from './admin.ts';
export * from './legacy-exports.ts';
export * from './safeguards.ts';
export * from './snapshots.ts';
