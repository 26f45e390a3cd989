import type { ParsedProfileUpdateBody } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';
import { lookupZipCode } from './lookup-zip-code.ts';

/**
 * The account page (SPEC §5 Account): the address is kept only when the zip code resolves to both
 * prefecture and city, otherwise all three are cleared; gender is saved only while unset; the
 * birth date never changes here.
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
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ gender: users.gender })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new DomainError('UNAUTHENTICATED');
    await tx
      .update(users)
      .set({
        zipCode: address ? body.zipCode : null,
        prefecture: address?.prefecture ?? null,
        city: address?.city ?? null,
        maritalStatus: body.maritalStatus || null,
        hasChildren: body.hasChildren,
        occupation: body.occupation || null,
        annualIncome: body.annualIncome || null,
        ...(body.gender && !user.gender ? { gender: body.gender } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
}
