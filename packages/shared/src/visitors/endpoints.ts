import { endpoint } from '../core/endpoint.ts';
import { okResponse } from '../core/responses.ts';
import { materialRequestBody, pageViewBody } from '../core/schemas.ts';

/** SPEC §2: a prospective advertiser asks for the materials by e-mail. */
export const requestMaterials = endpoint('POST /api/material-requests', 'anyone', okResponse, {
  body: materialRequestBody,
  example: { body: { email: 'materials@example.com' } },
  status: 201,
});

/** A page view for the admin's dashboard: 204 whether stored or dropped over the address's limit. */
export const recordPageView = endpoint('POST /api/analytics/page-views', 'anyone', null, {
  body: pageViewBody,
  example: { body: { path: '/' } },
  status: 204,
});
