import type { api, GiftRequestBody } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { useRefreshPoints } from '../../earning/index.ts';
import { giftKeys } from './keys.ts';

export const requestGift = (body: GiftRequestBody) =>
  callApi<typeof api.gifts.requestGift>('POST /api/gift-requests', { body });

export function useRequestGift() {
  const refreshPoints = useRefreshPoints();
  return useMutation({ mutationFn: requestGift, onSettled: () => refreshPoints(giftKeys.requests()) });
}
