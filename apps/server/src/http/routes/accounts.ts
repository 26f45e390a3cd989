import { api, DomainError, messages, zipCodeSchema } from '@quiz-points/shared';
import { completeSignup } from '../../domain/accounts/complete-signup.ts';
import { lookupZipCode } from '../../domain/accounts/lookup-zip-code.ts';
import { toMe } from '../../domain/accounts/to-me.ts';
import { updateProfile } from '../../domain/accounts/update-profile.ts';
import { withdrawAccount } from '../../domain/accounts/withdraw-account.ts';
import { sendPhoneCode } from '../../domain/phone/send-phone-code.ts';
import { verifyPhoneCode } from '../../domain/phone/verify-phone-code.ts';
import { listReferrals } from '../../domain/referrals/list-referrals.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** SPEC §5: the member's own account: signup, profile, phone, referrals and withdrawal. */
export function accountRoutes({ database: { db }, guards, config, sms }: RouteDeps) {
  const secret = config.authSecret;
  return [
    // An optional user: anyone may ask, and a visitor is told `{ user: null }`.
    defineRoute(api.accounts.getMe, async ({ request }) => {
      const user = await guards.currentUser(request);
      if (!user) return { user: null };
      return {
        user: toMe(user, {
          adminEmail: config.adminEmail,
          isMember: await guards.isMember(request),
          now: new Date(),
        }),
      };
    }),
    defineRoute(api.accounts.completeSignup, async ({ viewer, body }) =>
      completeSignup({ db, userId: viewer.id, input: body }),
    ),
    // A malformed code is a bad request (400), a well-formed unknown one is not found (404).
    defineRoute(api.accounts.lookupZipCode, async ({ params }) => {
      const address = lookupZipCode(zipCodeSchema.parse(params.zipCode));
      if (!address) throw new DomainError('NOT_FOUND', messages.zipNotFound);
      return address;
    }),
    defineRoute(api.accounts.updateProfile, async ({ viewer, body }) => {
      await updateProfile({ db, userId: viewer.id, input: body });
      return { ok: true as const };
    }),
    defineRoute(api.accounts.sendPhoneCode, async ({ viewer, body, request }) => {
      await sendPhoneCode({ db, sms, secret, userId: viewer.id, ...body, ip: request.ip });
      return { ok: true as const };
    }),
    defineRoute(api.accounts.verifyPhoneCode, async ({ viewer, body, request }) =>
      verifyPhoneCode({ db, secret, userId: viewer.id, ...body, ip: request.ip }),
    ),
    defineRoute(api.accounts.listReferrals, async ({ viewer }) => listReferrals({ db, member: viewer })),
    defineRoute(api.accounts.withdraw, async ({ viewer, request }) => {
      await withdrawAccount({
        db,
        userId: viewer.id,
        sessionStartedAt: await guards.sessionStartedAt(request),
      });
      return { ok: true as const };
    }),
  ];
}
