/** The replies of the reference API (one module for both hosts: src/server/replies.ts). */
export * from '../../../src/server/replies.ts';
