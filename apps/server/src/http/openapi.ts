import { api, type Endpoint, errorCodes } from '@quiz-points/shared';
import { z } from 'zod';

/**
 * The API's description, OpenAPI 3.1, made from the declarations the server registers and the web
 * calls (packages/shared/src/<area>/endpoints.ts): each endpoint's path, audience, path params,
 * query, body and success answer, their schemas from the same zod schemas (JSON Schema 2020-12, as
 * OpenAPI 3.1 takes). Kept in docs/openapi.json (`npm run openapi`; openapi.test.ts fails when it
 * is not current) and served in development at /dev/openapi.json.
 */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [area, endpoints] of Object.entries(api)) {
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      if (area === 'dev') continue;
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      paths[path] ??= {};
      paths[path][endpoint.method.toLowerCase()] = operation(area, name, endpoint);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'quiz-points API',
      version: '1',
      description:
        'The JSON API of クイズポイント. Sessions are cookies (better-auth); writes need the Origin of the site. ' +
        'x-audience names who may call each operation (packages/shared/src/core/endpoint.ts).',
    },
    // In a fixed order (paths, then methods), whatever order the areas' modules were read in.
    paths: Object.fromEntries(
      Object.entries(paths)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([path, methods]) => [
          path,
          Object.fromEntries(Object.entries(methods).sort(([a], [b]) => a.localeCompare(b))),
        ]),
    ),
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: Object.keys(errorCodes) },
                message: { type: 'string', description: 'Japanese, for the person' },
              },
            },
          },
        },
      },
    },
  };
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

function operation(area: string, name: string, endpoint: Endpoint) {
  const parameters = [
    ...fieldsOf(endpoint.params, 'input').map(([field, schema]) => ({
      name: field,
      in: 'path',
      required: true,
      schema,
    })),
    ...fieldsOf(endpoint.query, 'input').map(([field, schema, required]) => ({
      name: field,
      in: 'query',
      required,
      schema,
    })),
  ];
  const status = String(endpoint.status ?? 200);
  const requestBody = endpoint.upload
    ? {
        required: true,
        content: Object.fromEntries(
          endpoint.upload.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        ),
      }
    : endpoint.body && {
        required: true,
        content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
      };
  return {
    operationId: `${area}.${name}`,
    tags: [area],
    'x-audience': endpoint.audience,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [status]: {
        description: status === '204' ? 'Done' : 'Success',
        ...(endpoint.response
          ? { content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } } }
          : {}),
      },
      default: {
        description: 'An error, with its Japanese message',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/** An object schema's fields as [name, JSON Schema, required]. */
function fieldsOf(schema: z.ZodType | undefined, io: 'input' | 'output'): [string, unknown, boolean][] {
  if (!schema) return [];
  const object = jsonSchema(schema, io) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([field, fieldSchema]) => [
    field,
    fieldSchema,
    object.required?.includes(field) ?? false,
  ]);
}
