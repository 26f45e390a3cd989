export { referralKeys } from './api/keys.ts';
