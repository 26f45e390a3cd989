import { DomainError, type ParsedProfileUpdateBody } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { lookupZipCode } from './lookup-zip-code.ts';

/**
 * The account page (SPEC §5 Account): the address is kept only when the zip code resolves to both
 * prefecture and city, otherwise all three are cleared; gender is saved only while unset; the
 * birth date never changes here. One statement: it keeps a gender already set itself, so nothing
 * needs reading (and locking) first.
 */
export async function updateProfile({
  db,
  userId,
  input: body,
}: {
  db: Database;
  userId: string;
  input: ParsedProfileUpdateBody;
}) {
  const address = lookupZipCode(body.zipCode);
  const [updated] = await db
    .update(users)
    .set({
      zipCode: address ? body.zipCode : null,
      prefecture: address?.prefecture ?? null,
      city: address?.city ?? null,
      maritalStatus: body.maritalStatus || null,
      hasChildren: body.hasChildren,
      occupation: body.occupation || null,
      annualIncome: body.annualIncome || null,
      gender: body.gender ? sql`coalesce(${users.gender}, ${body.gender})` : undefined,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!updated) throw new DomainError('UNAUTHENTICATED');
}
