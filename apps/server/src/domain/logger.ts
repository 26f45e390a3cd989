/**
 * What a domain action may log through: the few pino-style calls it uses. Fastify's logger and
 * pg-boss's job logger both satisfy it, so the domain never names either.
 */
export interface Logger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}
