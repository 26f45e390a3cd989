export { accountKeys } from './api/keys.ts';
