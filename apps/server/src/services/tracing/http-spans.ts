import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TracingKit } from './tracing.ts';

/** The methods HTTP's semantic conventions name; any other is `_OTHER`. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
]);

/**
 * One SERVER span per request, named by its route's pattern (`GET /api/ads/:adId`, or `GET` for a path
 * no route matched), continuing a W3C `traceparent` the caller sent. It holds the method, the route
 * pattern, the scheme and the status: never the path, the query, a header or a cookie, which can carry
 * a token or a person's data (a reset link's token is in its path).
 *
 * The span is the active context from the first onRequest hook (registered before any other, so the
 * guards' session lookups are its children), and again from the first preValidation hook, once the
 * body is read: the hooks and the handler after it then do not depend on the context the body's
 * stream events ran in.
 */
export function traceRequests(app: FastifyInstance, { api, tracer, contexts, propagator }: TracingKit) {
  const requests = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

  app.addHook('onRequest', function startRequestSpan(request, _reply, done) {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
    const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${method} ${route}` : method,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          ...(route ? { 'http.route': route } : {}),
          'url.scheme': request.protocol,
          'network.protocol.version': request.raw.httpVersion,
        },
      },
      parent,
    );
    const context = api.trace.setSpan(parent, span);
    requests.set(request, { span, context });
    contexts.with(context, done);
  });

  app.addHook('preValidation', function resumeRequestSpan(request, _reply, done) {
    const traced = requests.get(request);
    if (traced) contexts.with(traced.context, done);
    else done();
  });

  app.addHook('onResponse', function endRequestSpan(request, reply, done) {
    const traced = requests.get(request);
    if (traced) {
      requests.delete(request);
      const status = reply.statusCode;
      traced.span.setAttribute('http.response.status_code', status);
      if (status >= 500) {
        traced.span.setAttribute('error.type', String(status));
        traced.span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      traced.span.end();
    }
    done();
  });

  // A client that goes away before the answer gets no response: its span ends here, with no status.
  app.addHook('onRequestAbort', function endAbortedRequestSpan(request, done) {
    const traced = requests.get(request);
    if (traced) {
      requests.delete(request);
      traced.span.end();
    }
    done();
  });
}
