import { api } from '@quiz-points/shared';
import { removeAdImage } from '../../domain/ad-images/remove-ad-image.ts';
import { setAdImage } from '../../domain/ad-images/set-ad-image.ts';
import { createDraft } from '../../domain/advertisers/create-draft.ts';
import { duplicateAd } from '../../domain/advertisers/duplicate-ad.ts';
import { endAdDelivery } from '../../domain/advertisers/end-ad-delivery.ts';
import { estimateReach } from '../../domain/advertisers/estimate-reach.ts';
import { exportAdReportCsv } from '../../domain/advertisers/export-ad-report-csv.ts';
import { getAdReport } from '../../domain/advertisers/get-ad-report.ts';
import { getAdvertiserAd } from '../../domain/advertisers/get-advertiser-ad.ts';
import { getAdvertiserDashboard } from '../../domain/advertisers/get-advertiser-dashboard.ts';
import { getAdvertiserPricing } from '../../domain/advertisers/get-advertiser-pricing.ts';
import { listAdvertiserAds } from '../../domain/advertisers/list-advertiser-ads.ts';
import { raiseAdLimit } from '../../domain/advertisers/raise-ad-limit.ts';
import { requestPasswordReset } from '../../domain/advertisers/request-password-reset.ts';
import { resetPassword } from '../../domain/advertisers/reset-password.ts';
import { resubmitAd } from '../../domain/advertisers/resubmit-ad.ts';
import { saveDraft } from '../../domain/advertisers/save-draft.ts';
import { setAdDailyBudget } from '../../domain/advertisers/set-ad-daily-budget.ts';
import { setAdPaused } from '../../domain/advertisers/set-ad-paused.ts';
import { setAdsPaused } from '../../domain/advertisers/set-ads-paused.ts';
import { signInAdvertiser } from '../../domain/advertisers/sign-in-advertiser.ts';
import { signUpAdvertiser } from '../../domain/advertisers/sign-up-advertiser.ts';
import { submitAd } from '../../domain/advertisers/submit-ad.ts';
import { submitDraft } from '../../domain/advertisers/submit-draft.ts';
import { toAdvertiserMe } from '../../domain/advertisers/to-advertiser-me.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';
import { sendCsv } from '../send-csv.ts';

/** The advertiser area (docs/decisions/008-advertisers.md). Thin: each route calls one domain function. */
export function advertiserRoutes({ database: { db }, auth, mailer, config, images }: RouteDeps) {
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
    defineRoute(api.advertisers.estimateReach, async ({ viewer: { user }, body, reader }) =>
      estimateReach({ db, reader, advertiserId: user.id, targeting: body }),
    ),
    defineRoute(api.advertisers.listAds, async ({ viewer: { user }, query, reader }) =>
      listAdvertiserAds({ db: reader, advertiserId: user.id, query }),
    ),
    defineRoute(api.advertisers.bulkSetAdsPaused, async ({ viewer: { user }, body }) =>
      setAdsPaused({ db, owner: { userId: user.id }, ...body }),
    ),
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
    defineRoute(api.advertisers.setAdDailyBudget, async ({ viewer: { user }, params, body }) =>
      setAdDailyBudget({ db, owner: { userId: user.id }, ...params, input: body }),
    ),
    defineRoute(api.advertisers.getAdReport, async ({ viewer: { user }, params, query, reader }) =>
      getAdReport({ db: reader, owner: { userId: user.id }, ...params, query }),
    ),
    defineRoute(api.advertisers.getDashboard, async ({ viewer: { user, isAdmin }, query, reader }) =>
      getAdvertiserDashboard({ db: reader, advertiserId: user.id, isAdmin, query }),
    ),
    defineRoute(
      api.advertisers.downloadAdReportCsv,
      async ({ viewer: { user }, params, query, reply, reader }) =>
        sendCsv(reply, await exportAdReportCsv({ db: reader, owner: { userId: user.id }, ...params, query })),
    ),
    defineRoute(api.advertisers.createDraft, async ({ viewer: { user, isAdmin }, body }) =>
      createDraft({ db, advertiser: user, isAdmin, input: body }),
    ),
    defineRoute(api.advertisers.saveDraft, async ({ viewer: { user, isAdmin }, params, body }) =>
      saveDraft({ db, advertiser: user, isAdmin, ...params, input: body }),
    ),
    defineRoute(api.advertisers.submitDraft, async ({ viewer: { user, isAdmin }, params, request }) =>
      submitDraft({ db, mailer, log: request.log, advertiser: user, isAdmin, ...params }),
    ),
    defineRoute(api.advertisers.duplicateAd, async ({ viewer: { user }, params }) =>
      duplicateAd({ db, owner: { userId: user.id }, ...params }),
    ),
    defineRoute(api.advertisers.pauseAd, async ({ viewer: { user }, params }) =>
      setAdPaused({ db, owner: { userId: user.id }, ...params, paused: true }),
    ),
    defineRoute(api.advertisers.resumeAd, async ({ viewer: { user }, params }) =>
      setAdPaused({ db, owner: { userId: user.id }, ...params, paused: false }),
    ),
    defineRoute(api.advertisers.uploadAdImage, async ({ viewer: { user }, params, body }) =>
      setAdImage({ db, storage: images, owner: { userId: user.id }, ...params, bytes: body }),
    ),
    defineRoute(api.advertisers.removeAdImage, async ({ viewer: { user }, params }) =>
      removeAdImage({ db, owner: { userId: user.id }, ...params }),
    ),
  ];
}
