// The response schemas (see common.ts). The web imports their types only.
export * from './admin.ts';
export * from './admin-advertisers.ts';
export * from './advertiser-dashboard.ts';
export * from './advertisers.ts';
export * from './billing.ts';
export * from './common.ts';
export * from './dev.ts';
export * from './gift-codes.ts';
export * from './member.ts';
export * from './notices.ts';
export * from './payment-failures.ts';
