// The response schemas (see common.ts). The web imports their types only.
export * from './admin.ts';
export * from './advertisers.ts';
export * from './common.ts';
export * from './dev.ts';
export * from './gift-codes.ts';
export * from './member.ts';
export * from './notices.ts';
