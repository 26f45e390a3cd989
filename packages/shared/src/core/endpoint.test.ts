import { describe, expect, it } from 'vitest';
import * as api from '../api.ts';
import { type Endpoint, endpoint, pathOf } from './endpoint.ts';
import { type PathParamName, pathParams } from './path-params.ts';

const declared = Object.entries(api).flatMap(([area, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${area}.${name}`,
    endpoint,
  })),
);

describe('the declared endpoints', () => {
  it('are each declared once, by method and path', () => {
    const keys = declared.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.length).toBeGreaterThan(10);
  });

  it.each(declared)('$name: its example is valid for its own schemas', ({ endpoint }) => {
    if (endpoint.example?.body !== undefined) {
      expect(endpoint.body, 'an example body needs a body schema').toBeDefined();
      expect(endpoint.body!.safeParse(endpoint.example.body).error?.issues).toBeUndefined();
    }
    if (endpoint.example?.query !== undefined) {
      expect(endpoint.query!.safeParse(endpoint.example.query).error?.issues).toBeUndefined();
    }
    expect(endpoint.body === undefined || endpoint.method !== 'GET', 'a GET takes no body').toBe(true);
  });

  it.each(declared)('$name: takes its path params from the path, by name', ({ endpoint }) => {
    const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
    if (names.length === 0) return expect(endpoint.params).toBeUndefined();
    const shape = (endpoint.params as unknown as { shape: Record<string, unknown> }).shape;
    expect(Object.keys(shape).sort()).toEqual(names.sort());
    for (const name of names) expect(shape[name!]).toBe(pathParams[name as PathParamName]);
  });
});

describe('pathOf', () => {
  it('fills and encodes path params, and refuses a missing one', () => {
    expect(pathOf('/api/ads/:adId/click', { adId: 'a/b c' })).toBe('/api/ads/a%2Fb%20c/click');
    expect(() => pathOf('/api/ads/:adId/click')).toThrow(/adId/);
  });
});

describe('endpoint', () => {
  it('splits its route and refuses a path param with no meaning', () => {
    const declared = endpoint('PUT /api/things/:adId', 'admin', null);
    expect([declared.method, declared.path, declared.audience]).toEqual([
      'PUT',
      '/api/things/:adId',
      'admin',
    ]);
    expect(declared.params.safeParse({ adId: 'not-a-uuid' }).success).toBe(false);
    expect(() => endpoint('GET /api/things/:thingId', 'admin', null)).toThrow(/:thingId has no entry/);
  });
});
