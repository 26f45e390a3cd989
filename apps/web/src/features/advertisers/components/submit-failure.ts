import { ApiError } from '../../../lib/api.ts';

/** The server's own message for a refused request (4xx); otherwise the page's SPEC §8 message. */
export const refusalOr = (failure: unknown, fallback: string) =>
  failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : fallback;

export const isCardRequired = (failure: unknown) =>
  failure instanceof ApiError && failure.code === 'CARD_REQUIRED';
