import type { MaterialRequestBody } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const requestMaterials = (body: MaterialRequestBody) =>
  apiFetch<{ ok: true }>('/api/material-requests', { method: 'POST', body });

export const useRequestMaterials = () => useMutation({ mutationFn: requestMaterials });
