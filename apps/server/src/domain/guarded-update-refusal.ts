import { DomainError } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/**
 * Why a guarded update (one that changes a row only in the state it expects) changed nothing: the row
 * is in another state by now (409, with `conflict`), or there is no such row (404). The caller throws it.
 */
export async function guardedUpdateRefusal(
  tx: Executor,
  idColumn: AnyPgColumn,
  id: string | number,
  messages: { conflict: string; notFound?: string },
): Promise<DomainError> {
  const [exists] = await tx.select({ id: idColumn }).from(idColumn.table).where(eq(idColumn, id));
  return exists
    ? new DomainError('CONFLICT', messages.conflict)
    : new DomainError('NOT_FOUND', messages.notFound);
}
