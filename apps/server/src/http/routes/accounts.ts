import { messages, zipCodeSchema } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { completeSignup } from '../../domain/accounts/complete-signup.ts';
import { lookupZipCode } from '../../domain/accounts/lookup-zip-code.ts';
import { toMe } from '../../domain/accounts/to-me.ts';
import { updateProfile } from '../../domain/accounts/update-profile.ts';
import { withdrawAccount } from '../../domain/accounts/withdraw-account.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { sendPhoneCode } from '../../domain/phone/send-phone-code.ts';
import { verifyPhoneCode } from '../../domain/phone/verify-phone-code.ts';
import { listReferrals } from '../../domain/referrals/list-referrals.ts';
import type { RouteDeps } from '../app.ts';

export function registerAccountRoutes(app: FastifyInstance, { database, guards, config, sms }: RouteDeps) {
  const db = database.db;

  app.get('/api/me', async (request) => {
    const user = await guards.currentUser(request);
    if (!user) return { user: null };
    return { user: toMe(user, { adminEmail: config.adminEmail, isMember: await guards.isMember(request) }) };
  });

  app.post('/api/signup', async (request) => {
    const user = await guards.requireUser(request);
    return completeSignup({ db, userId: user.id, input: request.body as never });
  });

  app.get<{ Params: { zipCode: string } }>('/api/zip-codes/:zipCode', async (request) => {
    const zipCode = zipCodeSchema.parse(request.params.zipCode);
    const address = lookupZipCode(zipCode);
    if (!address) throw new DomainError('NOT_FOUND', messages.zipNotFound);
    return address;
  });

  app.put('/api/account', async (request) => {
    const user = await guards.requireMember(request);
    await updateProfile({ db, userId: user.id, input: request.body as never });
    return { ok: true };
  });

  app.post('/api/phone/send-code', async (request) => {
    const user = await guards.requireMember(request);
    const { phoneNumber } = (request.body ?? {}) as { phoneNumber?: unknown };
    if (typeof phoneNumber !== 'string' || Object.keys(request.body as object).length !== 1) {
      throw new DomainError('VALIDATION', messages.smsSendFailed);
    }
    await sendPhoneCode({ db, sms, secret: config.authSecret, userId: user.id, phoneNumber, ip: request.ip });
    return { ok: true };
  });

  app.post('/api/phone/verify', async (request) => {
    const user = await guards.requireMember(request);
    const { code } = (request.body ?? {}) as { code?: unknown };
    if (typeof code !== 'string' || Object.keys(request.body as object).length !== 1) {
      throw new DomainError('VALIDATION', messages.smsVerifyFailed);
    }
    return verifyPhoneCode({ db, secret: config.authSecret, userId: user.id, code, ip: request.ip });
  });

  app.get('/api/referrals', async (request) => {
    const user = await guards.requireMember(request);
    if (!user.phoneVerifiedAt) throw new DomainError('FORBIDDEN', messages.friendsNeedPhone);
    return {
      referralCode: user.referralCode,
      referrals: await listReferrals({ db, referralCode: user.referralCode ?? '', referrerId: user.id }),
    };
  });

  app.post('/api/withdrawal', async (request) => {
    const user = await guards.currentUser(request);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    await withdrawAccount({ db, userId: user.id, sessionStartedAt: await guards.sessionStartedAt(request) });
    return { ok: true };
  });
}
