import type { api, MaterialRequestBody } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const requestMaterials = (body: MaterialRequestBody) =>
  callApi<typeof api.visitors.requestMaterials>('POST /api/material-requests', { body });

export const useRequestMaterials = () => useMutation({ mutationFn: requestMaterials });
