import type { PricingView } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endAdDelivery } from '../../domain/advertisers/end-ad-delivery.ts';
import { getAdReport } from '../../domain/advertisers/get-ad-report.ts';
import { getAdvertiserAd } from '../../domain/advertisers/get-advertiser-ad.ts';
import { listAdvertiserAds } from '../../domain/advertisers/list-advertiser-ads.ts';
import { raiseAdLimit } from '../../domain/advertisers/raise-ad-limit.ts';
import { readPricing } from '../../domain/advertisers/read-pricing.ts';
import { requestPasswordReset } from '../../domain/advertisers/request-password-reset.ts';
import { resetPassword } from '../../domain/advertisers/reset-password.ts';
import { resubmitAd } from '../../domain/advertisers/resubmit-ad.ts';
import { signInAdvertiser } from '../../domain/advertisers/sign-in-advertiser.ts';
import { signUpAdvertiser } from '../../domain/advertisers/sign-up-advertiser.ts';
import { submitAd } from '../../domain/advertisers/submit-ad.ts';
import { toAdvertiserMe } from '../../domain/advertisers/to-advertiser-me.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { RouteDeps } from '../app.ts';

const adIdParam = z.object({ adId: z.uuid() });

/** The advertiser area (docs/decisions/008-advertisers.md). Thin: each route calls one domain function. */
export function registerAdvertiserRoutes(
  app: FastifyInstance,
  { database, guards, auth, mailer, config }: RouteDeps,
) {
  const db = database.db;
  const adIdOf = (params: unknown) => {
    const parsed = adIdParam.safeParse(params);
    if (!parsed.success) throw new DomainError('NOT_FOUND');
    return parsed.data.adId;
  };

  app.post('/api/advertiser/sign-up', async (request, reply) => {
    const result = await signUpAdvertiser({
      db,
      auth,
      ip: request.ip,
      input: request.body,
      adminEmail: config.adminEmail,
    });
    return reply.status(201).send(result);
  });

  app.post('/api/advertiser/sign-in', async (request, reply) => {
    const { setCookies, advertiser } = await signInAdvertiser({
      db,
      auth,
      ip: request.ip,
      input: request.body,
      adminEmail: config.adminEmail,
    });
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    return { advertiser };
  });

  app.post('/api/advertiser/password-reset', async (request) =>
    requestPasswordReset({
      db,
      auth,
      log: request.log,
      ip: request.ip,
      publicUrl: config.publicUrl,
      input: request.body,
    }),
  );

  app.post('/api/advertiser/password-reset/confirm', async (request) =>
    resetPassword({ db, auth, ip: request.ip, input: request.body }),
  );

  app.get('/api/advertiser/me', async (request) => {
    const { user, isAdmin } = await guards.requireAdvertiserOrAdmin(request);
    return { advertiser: await toAdvertiserMe(db, user, isAdmin) };
  });

  app.get('/api/advertiser/pricing', async (request): Promise<PricingView> => {
    const { isAdmin } = await guards.requireAdvertiserOrAdmin(request);
    const pricing = await readPricing(db);
    return isAdmin
      ? { ...pricing, baseFee: 0, extraTargetingFee: 0, userReward: 0, isAdmin }
      : { ...pricing, isAdmin };
  });

  app.get('/api/advertiser/ads', async (request) => {
    const { user } = await guards.requireAdvertiserOrAdmin(request);
    return { ads: await listAdvertiserAds({ db, advertiserId: user.id }) };
  });

  app.post('/api/advertiser/ads', async (request, reply) => {
    const { user, isAdmin } = await guards.requireAdvertiserOrAdmin(request);
    const result = await submitAd({
      db,
      mailer,
      log: request.log,
      advertiser: user,
      isAdmin,
      input: request.body,
    });
    return reply.status(201).send(result);
  });

  app.get('/api/advertiser/ads/:adId', async (request) => {
    const { user } = await guards.requireAdvertiserOrAdmin(request);
    return { ad: await getAdvertiserAd({ db, owner: { userId: user.id }, adId: adIdOf(request.params) }) };
  });

  app.put('/api/advertiser/ads/:adId', async (request) => {
    const { user, isAdmin } = await guards.requireAdvertiserOrAdmin(request);
    return resubmitAd({
      db,
      mailer,
      log: request.log,
      advertiser: user,
      isAdmin,
      adId: adIdOf(request.params),
      input: request.body,
    });
  });

  app.post('/api/advertiser/ads/:adId/end', async (request) => {
    const { user } = await guards.requireAdvertiserOrAdmin(request);
    return endAdDelivery({ db, owner: { userId: user.id }, adId: adIdOf(request.params) });
  });

  app.post('/api/advertiser/ads/:adId/limit', async (request) => {
    const { user } = await guards.requireAdvertiserOrAdmin(request);
    return raiseAdLimit({
      db,
      owner: { userId: user.id },
      adId: adIdOf(request.params),
      input: request.body,
    });
  });

  app.get('/api/advertiser/ads/:adId/report', async (request) => {
    const { user } = await guards.requireAdvertiserOrAdmin(request);
    return getAdReport({ db, owner: { userId: user.id }, adId: adIdOf(request.params) });
  });
}
