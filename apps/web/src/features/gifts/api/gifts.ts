import type { GiftRequestView, GiftType, PendingGiftRequest } from '@quiz-points/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';

export const useGiftTypes = () =>
  useQuery({
    queryKey: ['gift-types'],
    queryFn: () => apiFetch<{ giftTypes: GiftType[] }>('/api/gift-types'),
  });

export const useGiftRequests = () =>
  useQuery({
    queryKey: ['gift-requests'],
    queryFn: () => apiFetch<{ requests: GiftRequestView[] }>('/api/gift-requests'),
  });

export function useRequestGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { giftType: string; points: number }) =>
      apiFetch<GiftRequestView>('/api/gift-requests', { method: 'POST', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['gift-requests'] });
      void queryClient.invalidateQueries({ queryKey: ['point-history'] });
    },
  });
}

export const usePendingGiftRequests = () =>
  useQuery({
    queryKey: ['admin', 'gift-requests'],
    queryFn: () => apiFetch<{ requests: PendingGiftRequest[] }>('/api/admin/gift-requests'),
  });

export function useSettleGiftRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: 'issue' | 'reject'; body: object }) =>
      apiFetch<{ ok: true }>(`/api/admin/gift-requests/${id}/${action}`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'gift-requests'] }),
  });
}
