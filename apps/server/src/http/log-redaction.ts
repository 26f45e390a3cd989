import type { FastifyRequest } from 'fastify';

/**
 * Logs without secrets: what the app's pino logger is given so no session cookie,
 * Authorization header, reset or verification token, OAuth code, SMS code, gift code, password or
 * mail text reaches a log line. Configured once, where the Fastify logger is built (app.ts); the
 * domain also keeps such values out of what it logs (send-mail.ts logs a subject and a domain).
 */
export const REDACTED = '[redacted]';

/** Field names whose values are secrets wherever a log call puts them. */
const SECRET_FIELDS = [
  'token',
  'sessionToken',
  'password',
  'newPassword',
  'currentPassword',
  'code',
  'giftCode',
  'secret',
  'authorization',
  'cookie',
];
/** Objects a log call may pass whole (a request body, a mail, an SMS): their secrets and text. */
const SECRET_CONTAINERS = ['body', 'input', 'query', 'params', 'mail', 'sms', 'message'];
const CONTAINER_ONLY_FIELDS = ['text', 'url', 'link', 'html'];

const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  // A failed query's parameters (drizzle's DrizzleQueryError) hold session tokens and token ids.
  'err.params',
  ...SECRET_FIELDS,
  ...SECRET_CONTAINERS.flatMap((container) =>
    [...SECRET_FIELDS, ...CONTAINER_ONLY_FIELDS].map((field) => `${container}.${field}`),
  ),
];

/** Query parameters that carry a secret: better-auth's reset and verification tokens, OAuth's code and state. */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'code',
  'state',
  'password',
  'secret',
  'giftcode',
  'access_token',
  'id_token',
  'refresh_token',
  'client_secret',
]);

/**
 * The request URL as logged: a reset link's token (/api/auth/reset-password/<token>) and every
 * secret query parameter (…?token=…, the OAuth callback's ?code=…&state=…) replaced; the rest,
 * path and other parameters, kept as sent.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(/(\/reset-password\/)[^/]+/i, `$1${REDACTED}`);
  if (queryStart === -1) return redactedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_PARAMETERS.has(decodeName(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** drizzle's failed-query message ends with the query's parameters: keep the query, drop them. */
function redactErrorText(text: string): string {
  return text.replace(/^params: .*$/gm, `params: ${REDACTED}`);
}

/** An error whose message or stack lists a query's parameters, as a copy without them. */
function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof Error) || !/^params: /m.test(`${error.message}\n${error.stack ?? ''}`)) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  Object.defineProperty(copy, 'message', { value: redactErrorText(error.message), enumerable: false });
  Object.defineProperty(copy, 'stack', { value: redactErrorText(error.stack ?? ''), enumerable: false });
  if (error.cause !== undefined) {
    Object.defineProperty(copy, 'cause', { value: withoutQueryParameters(error.cause), enumerable: false });
  }
  return copy;
}

/** Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL's secrets replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** Where log lines go when not stdout: a test's in-memory stream. */
export interface LogDestination {
  write(line: string): void;
}

/** The Fastify `logger` options: level, redaction, the request serializer, and where lines go. */
export function loggerOptions(level: string, destination?: LogDestination) {
  return {
    level,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { req: serializeRequest },
    formatters: {
      log(object: Record<string, unknown>) {
        return 'err' in object ? { ...object, err: withoutQueryParameters(object.err) } : object;
      },
    },
    ...(destination ? { stream: destination } : {}),
  };
}
