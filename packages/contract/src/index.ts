export * from './limits.js';
export * from './errors.js';
export * from './common.js';
export * from './part-fields.js';
export * from './part.js';
export * from './roles.js';
export * from './user.js';
export * from './health.js';
