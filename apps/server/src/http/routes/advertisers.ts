import { api } from '@quiz-points/shared';
import { endAdDelivery } from '../../domain/advertisers/end-ad-delivery.ts';
import { getAdReport } from '../../domain/advertisers/get-ad-report.ts';
import { getAdvertiserAd } from '../../domain/advertisers/get-advertiser-ad.ts';
import { getAdvertiserPricing } from '../../domain/advertisers/get-advertiser-pricing.ts';
import { listAdvertiserAds } from '../../domain/advertisers/list-advertiser-ads.ts';
import { raiseAdLimit } from '../../domain/advertisers/raise-ad-limit.ts';
import { requestPasswordReset } from '../../domain/advertisers/request-password-reset.ts';
import { resetPassword } from '../../domain/advertisers/reset-password.ts';
import { resubmitAd } from '../../domain/advertisers/resubmit-ad.ts';
import { signInAdvertiser } from '../../domain/advertisers/sign-in-advertiser.ts';
import { signUpAdvertiser } from '../../domain/advertisers/sign-up-advertiser.ts';
import { submitAd } from '../../domain/advertisers/submit-ad.ts';
import { toAdvertiserMe } from '../../domain/advertisers/to-advertiser-me.ts';
import type { RouteDeps } from '../app.ts';
import { defineRoute } from '../define-route.ts';

/** The advertiser area (docs/decisions/008-advertisers.md). Thin: each route calls one domain function. */
export function advertiserRoutes({ database: { db }, auth, mailer, config }: RouteDeps) {
  const { adminEmail, publicUrl } = config;
  return [
    defineRoute(api.advertisers.signUpAdvertiser, async ({ body, request }) =>
      signUpAdvertiser({ db, auth, ip: request.ip, input: body, adminEmail }),
    ),
    defineRoute(api.advertisers.signInAdvertiser, async ({ body, request, reply }) => {
      const { setCookies, advertiser } = await signInAdvertiser({
        db,
        auth,
        ip: request.ip,
        input: body,
        adminEmail,
      });
      if (setCookies.length > 0) reply.header('set-cookie', setCookies);
      return { advertiser };
    }),
    defineRoute(api.advertisers.requestPasswordReset, async ({ body, request }) =>
      requestPasswordReset({ db, auth, log: request.log, ip: request.ip, publicUrl, input: body }),
    ),
    defineRoute(api.advertisers.resetPassword, async ({ body, request }) =>
      resetPassword({ db, auth, ip: request.ip, input: body }),
    ),
    defineRoute(api.advertisers.getAdvertiserMe, async ({ viewer: { user, isAdmin } }) => ({
      advertiser: await toAdvertiserMe(db, user, isAdmin),
    })),
    defineRoute(api.advertisers.getPricing, async ({ viewer: { isAdmin } }) =>
      getAdvertiserPricing({ db, isAdmin }),
    ),
    defineRoute(api.advertisers.listAds, async ({ viewer: { user } }) => ({
      ads: await listAdvertiserAds({ db, advertiserId: user.id }),
    })),
    defineRoute(api.advertisers.submitAd, async ({ viewer: { user, isAdmin }, body, request }) =>
      submitAd({ db, mailer, log: request.log, advertiser: user, isAdmin, input: body }),
    ),
    defineRoute(api.advertisers.getAd, async ({ viewer: { user }, params }) => ({
      ad: await getAdvertiserAd({ db, owner: { userId: user.id }, ...params }),
    })),
    defineRoute(api.advertisers.resubmitAd, async ({ viewer: { user, isAdmin }, params, body, request }) =>
      resubmitAd({ db, mailer, log: request.log, advertiser: user, isAdmin, ...params, input: body }),
    ),
    defineRoute(api.advertisers.endAd, async ({ viewer: { user }, params }) =>
      endAdDelivery({ db, owner: { userId: user.id }, ...params }),
    ),
    defineRoute(api.advertisers.raiseAdLimit, async ({ viewer: { user }, params, body }) =>
      raiseAdLimit({ db, owner: { userId: user.id }, ...params, input: body }),
    ),
    defineRoute(api.advertisers.getAdReport, async ({ viewer: { user }, params }) =>
      getAdReport({ db, owner: { userId: user.id }, ...params }),
    ),
  ];
}
