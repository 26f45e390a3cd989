import fs from 'node:fs';
import { api, type Endpoint } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';
import { openApiFile, openApiText } from '../write-openapi.ts';
import { openApiDocument } from './openapi.ts';

describe('the API description (docs/openapi.json)', () => {
  it('is current: npm run openapi writes it from the endpoint declarations', () => {
    expect(fs.readFileSync(openApiFile, 'utf8')).toBe(openApiText());
  });

  it('describes every endpoint but the development ones, with its schemas', () => {
    const document = openApiDocument();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method,
        operation: operation as Record<string, unknown>,
      })),
    );
    const declared = Object.entries(api)
      .filter(([area]) => area !== 'dev')
      .flatMap(([, endpoints]) => Object.values(endpoints as Record<string, Endpoint>));
    expect(operations).toHaveLength(declared.length);
    expect(document.openapi).toBe('3.1.0');
    const answer = operations.find(
      (o) => o.path === '/api/ads/{adId}/answer' && o.method === 'post',
    )!.operation;
    expect(answer['x-audience']).toBe('memberSession');
    expect(answer.parameters).toEqual([
      expect.objectContaining({
        name: 'adId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
    expect(answer.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { type: 'object' } } },
    });
    expect(answer.responses).toMatchObject({
      '200': { content: { 'application/json': { schema: { type: 'object' } } } },
    });
  });

  const t = useTestApp('pglite', { listen: false });
  it('is served in development at /dev/openapi.json', async () => {
    const response = await t.app.inject('/dev/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(openApiDocument());
  });
});
