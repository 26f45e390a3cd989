import { defaultMessage, type ErrorCode } from '@quiz-points/shared';

/** A business rule said no. The HTTP layer maps `code` to a status through the shared table. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessage(code),
  ) {
    super(message);
  }
}
