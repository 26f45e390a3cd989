import { api, formatNumber, formatYen, periodLabel, wellFormedString } from '@quiz-points/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { listInvoicesOfCustomer } from '../../domain/billing/list-invoices.ts';
import { runMonthlyBilling } from '../../domain/billing/run-monthly-billing.ts';
import {
  completeLocalSetupSession,
  DEV_PAYMENTS_PATH,
  findLocalSetupSession,
  isLocalPaymentProvider,
  verifyPortalToken,
} from '../../services/payments/local-payment-provider.ts';
import type { RouteDeps } from '../route-deps.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEST_CARD = '4242 4242 4242 4242';

const statusLabels: Record<string, string> = {
  charging: '決済処理中',
  charged: '決済済み',
  carried_over: '翌月へ繰越（50円未満）',
  failed: '決済失敗（カードを更新すると再決済します）',
  no_charge: '請求なし',
};

const STYLESHEET = `
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;color:#1f2937;background:#f8fafc;line-height:1.7}
header{background:#4338ca;color:#fff;padding:20px 16px}
header h1{margin:0;font-size:1.3rem}
header p{margin:4px 0 0;font-size:.85rem}
main{max-width:480px;margin:0 auto;padding:16px}
.panel{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.1);margin-bottom:16px}
.panel>:first-child{margin-top:0}.panel>:last-child{margin-bottom:0}
label{display:block;font-weight:600;margin-top:12px}
input{display:block;width:100%;box-sizing:border-box;font-size:1rem;padding:10px;border:1px solid #6b7280;border-radius:8px;margin-top:4px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;font-size:1rem;font-weight:700;color:#fff;background:#4338ca;border:0;border-radius:8px;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#3730a3}
.alert{color:#991b1b;background:#fee2e2;border-radius:8px;padding:8px 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dt{color:#4b5563}dd{margin:0;text-align:right}
h2{font-size:1.05rem;margin:0 0 8px}
`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="${DEV_PAYMENTS_PATH}/stand-in.css"></head><body><header><h1>${title}</h1><p>開発用の決済代替ページです。本番環境では使われず、実際の請求は発生しません。</p></header><main>${body}</main></body></html>`;
}

const checkoutForm = z.object({
  cardNumber: wellFormedString()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(wellFormedString().regex(/^\d{14,19}$/)),
  expiry: wellFormedString().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/),
  cvc: wellFormedString().regex(/^\d{3,4}$/),
});

/** The invoice page's link carries one signed token; a missing or repeated one is an invalid link. */
const invoicesQuery = z.object({ token: wellFormedString().max(1000) });

function checkoutPage(sessionId: string, cancelUrl: string, error?: string) {
  const action = `${DEV_PAYMENTS_PATH}/checkout/${encodeURIComponent(sessionId)}`;
  return page(
    'カード登録（テスト）',
    `<section class="panel">
<p>テスト用のカード番号が入力済みです。そのまま「カードを登録する」を押してください。</p>
<p>決済に失敗するカードを試すときは 4000 0000 0000 0002 を入力してください。</p>
${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}">
<label for="card-number">カード番号</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD}" required>
<div class="row"><div><label for="expiry">有効期限（MM/YY）</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" value="12/34" required></div>
<div><label for="cvc">セキュリティコード</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123" required></div></div>
<button type="submit">カードを登録する</button>
</form>
<p><a href="${escapeHtml(cancelUrl)}">キャンセルして戻る</a></p>
</section>`,
  );
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(html);

/**
 * The payment stand-in's own pages: the checkout where a test card is registered, and the invoice
 * page that stands in for the provider's customer portal. Registered only with the local provider,
 * never in production.
 */
export async function registerDevPaymentRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { database, config } = deps;
  const db = database.db;
  const origin = new URL(config.publicUrl).origin;
  // The stand-in's events reach the same webhook route as the provider's, signed the same way.
  const local = isLocalPaymentProvider(deps.payments) ? deps.payments : null;
  local?.deliverEventsTo(async ({ payload, signature }) => {
    await app.inject({
      method: 'POST',
      url: api.billing.receivePaymentWebhook.path,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  });

  await app.register(async (scope) => {
    // The checkout posts an ordinary form; only this scope reads form bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(`${DEV_PAYMENTS_PATH}/stand-in.css`, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(STYLESHEET),
    );

    scope.get<{ Params: { sessionId: string } }>(
      `${DEV_PAYMENTS_PATH}/checkout/:sessionId`,
      async (request, reply) => {
        const session = await findLocalSetupSession(db, request.params.sessionId);
        if (!session) return sendHtml(reply, 404, page('カード登録（テスト）', notFound));
        return sendHtml(reply, 200, checkoutPage(session.id, session.cancelUrl));
      },
    );

    scope.post<{ Params: { sessionId: string } }>(
      `${DEV_PAYMENTS_PATH}/checkout/:sessionId`,
      async (request, reply) => {
        const sent = request.headers.origin;
        if (sent !== undefined && sent !== origin)
          return sendHtml(reply, 403, page('カード登録（テスト）', forbidden));
        const session = await findLocalSetupSession(db, request.params.sessionId);
        if (!session) return sendHtml(reply, 404, page('カード登録（テスト）', notFound));
        const form = checkoutForm.safeParse(request.body);
        if (!form.success) {
          return sendHtml(
            reply,
            400,
            checkoutPage(
              session.id,
              session.cancelUrl,
              'カード番号・有効期限・セキュリティコードを確認してください。',
            ),
          );
        }
        const completed = await completeLocalSetupSession(db, session.id, form.data.cardNumber);
        if (!completed) return sendHtml(reply, 404, page('カード登録（テスト）', notFound));
        await local?.sendEvent('checkout.session.completed', {
          id: completed.id,
          object: 'checkout.session',
          mode: 'setup',
          status: 'complete',
          customer: completed.customerId,
        });
        return reply.redirect(completed.successUrl.replace('{CHECKOUT_SESSION_ID}', completed.id), 303);
      },
    );

    // The monthly run, now, for a developer and the browser tests: the job itself waits for
    // the 5th. It bills the month before this one exactly as the job would, charging the stand-in.
    scope.post(`${DEV_PAYMENTS_PATH}/run-monthly-billing`, async (request, reply) => {
      const sent = request.headers.origin;
      if (sent !== undefined && sent !== origin) return reply.status(403).send({ error: 'forbidden' });
      const result = await runMonthlyBilling({
        db,
        payments: deps.payments,
        mailer: deps.mailer,
        log: request.log,
        publicUrl: config.publicUrl,
        registrationNumber: config.invoiceRegistrationNumber,
        issuerName: config.invoiceIssuerName,
      });
      return reply.send(result);
    });

    scope.get(`${DEV_PAYMENTS_PATH}/invoices`, async (request, reply) => {
      const query = invoicesQuery.safeParse(request.query);
      const customerId = query.success
        ? verifyPortalToken(config.authSecret, query.data.token, new Date())
        : null;
      const list = customerId ? await listInvoicesOfCustomer(db, customerId) : null;
      if (!list) {
        return sendHtml(
          reply,
          403,
          page(
            '請求書（テスト）',
            `<section class="panel"><p role="alert">このリンクは無効か、有効期限が切れています。広告主メニューの「請求書を見る」から開き直してください。</p><p><a href="/advertiser">広告主ページへ戻る</a></p></section>`,
          ),
        );
      }
      const items = list
        .map(
          (
            invoice,
          ) => `<section class="panel"><h2>${periodLabel(invoice.period)}分 ${escapeHtml(invoice.adTitle)}</h2><dl>
<dt>配信数</dt><dd>${formatNumber(invoice.deliveries)}件</dd>
<dt>配信単価</dt><dd>${formatYen(invoice.unitPrice)}</dd>
<dt>小計</dt><dd>${formatYen(invoice.subtotal)}</dd>
<dt>前月からの繰越</dt><dd>${formatYen(invoice.carriedIn)}</dd>
<dt>消費税（10%）</dt><dd>${formatYen(invoice.tax)}</dd>
<dt>合計（税込）</dt><dd><strong>${formatYen(invoice.total)}</strong></dd>
<dt>状態</dt><dd>${statusLabels[invoice.status] ?? escapeHtml(invoice.status)}</dd>
</dl></section>`,
        )
        .join('');
      return sendHtml(
        reply,
        200,
        page(
          '請求書（テスト）',
          `<section class="panel"><p>適格請求書発行事業者 登録番号: ${escapeHtml(config.invoiceRegistrationNumber)}</p><p>毎月5日に前月分を、登録済みのカードで決済します。</p></section>
${items || '<section class="panel"><p>まだ請求書はありません。請求書は配信のあった月の翌月5日に発行されます。今月のご利用金額は広告主メニューの「ご利用金額と請求書」でご確認いただけます。</p></section>'}
<p><a href="/advertiser">広告主ページへ戻る</a></p>`,
        ),
      );
    });
  });
}

const notFound =
  '<section class="panel"><p role="alert">この登録手続きは見つかりません。</p><p><a href="/advertiser">広告主ページへ戻る</a></p></section>';
const forbidden =
  '<section class="panel"><p role="alert">別のサイトからの送信は受け付けられません。</p></section>';
