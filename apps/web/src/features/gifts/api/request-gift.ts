import type { GiftRequestBody, GiftRequestView } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { useRefreshPoints } from '../../earning/index.ts';
import { giftKeys } from './keys.ts';

export const requestGift = (body: GiftRequestBody) =>
  apiFetch<GiftRequestView>('/api/gift-requests', { method: 'POST', body });

export function useRequestGift() {
  const refreshPoints = useRefreshPoints();
  return useMutation({ mutationFn: requestGift, onSettled: () => refreshPoints(giftKeys.requests()) });
}
