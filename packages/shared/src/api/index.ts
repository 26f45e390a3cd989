/** Every JSON endpoint, declared once (see endpoint.ts), by area: `import { api } from '@quiz-points/shared'`. */
export * as accounts from './accounts.ts';
export * as admin from './admin.ts';
export * as advertisers from './advertisers.ts';
export * as billing from './billing.ts';
export * as dev from './dev.ts';
export * as earning from './earning.ts';
export * as gifts from './gifts.ts';
export * as notices from './notices.ts';
export * as paymentFailures from './payment-failures.ts';
export * as visitors from './visitors.ts';
