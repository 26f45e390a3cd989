/** Every JSON endpoint, declared once (see endpoint.ts), by area: `import { api } from '@quiz-points/shared'`. */
export * as accounts from './accounts/endpoints.ts';
export * as admin from './admin/endpoints.ts';
export * as advertisers from './advertisers/endpoints.ts';
export * as billing from './billing/endpoints.ts';
export * as paymentFailures from './billing/payment-failure-endpoints.ts';
export * as dev from './dev/endpoints.ts';
export * as earning from './earning/endpoints.ts';
export * as gifts from './gifts/endpoints.ts';
export * as notices from './notices/endpoints.ts';
export * as visitors from './visitors/endpoints.ts';
