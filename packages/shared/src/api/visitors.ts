import { materialRequestBody, pageViewBody } from '../schemas.ts';
import { endpoint, responseOf } from './endpoint.ts';

/** SPEC §2: a prospective advertiser asks for the materials by e-mail. */
export const requestMaterials = endpoint('POST /api/material-requests', 'anyone', {
  body: materialRequestBody,
  example: { body: { email: 'materials@example.com' } },
  status: 201,
  response: responseOf<{ ok: true }>(),
});

/** A page view for the admin's dashboard: 204 whether stored or dropped over the address's limit. */
export const recordPageView = endpoint('POST /api/analytics/page-views', 'anyone', {
  body: pageViewBody,
  example: { body: { path: '/' } },
  status: 204,
});
