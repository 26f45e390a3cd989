export { giftKeys } from './api/keys.ts';
