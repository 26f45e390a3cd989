import { api } from '@quiz-points/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { listCapturedMail } from '../../services/mail/captured-mailer.ts';
import { listCapturedSms } from '../../services/sms/captured-sms-sender.ts';
import { defineRoute } from '../define-route.ts';
import { openApiDocument } from '../openapi.ts';
import type { RouteDeps } from '../route-deps.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const withSentAtText = <T extends { sentAt: Date }>(row: T) => ({ ...row, sentAt: row.sentAt.toISOString() });

/**
 * The stand-ins' outboxes as JSON (the browser tests read the links and codes they hold). Registered
 * only outside production, each only with its capturing sender.
 */
export function devRoutes({ database: { db }, config }: RouteDeps) {
  return [
    ...(config.sms.provider === 'capture'
      ? [
          defineRoute(api.dev.listCapturedSms, async () => ({
            sms: (await listCapturedSms(db)).map(withSentAtText),
          })),
        ]
      : []),
    ...(config.mail.transport === 'capture'
      ? [
          defineRoute(api.dev.listCapturedMail, async () => ({
            mail: (await listCapturedMail(db)).map(withSentAtText),
          })),
        ]
      : []),
  ];
}

function sendPage(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    );
}

/** The same outboxes as pages for a developer. Never registered in production. */
export function registerDevPages(app: FastifyInstance, { database: { db }, config }: RouteDeps) {
  // The API's description (docs/openapi.json, made from the endpoint declarations), for tools.
  app.get('/dev/openapi.json', async () => openApiDocument());
  if (config.sms.provider === 'capture') {
    app.get('/dev/sms', async (_request, reply) => {
      const items = (await listCapturedSms(db))
        .map(
          (m) =>
            `<li><strong>${escapeHtml(m.to)}</strong> ${m.sentAt.toISOString()}<br>${escapeHtml(m.text)}</li>`,
        )
        .join('');
      return sendPage(reply, '送信SMS（開発用）', `<ul>${items || '<li>まだSMSはありません。</li>'}</ul>`);
    });
  }
  if (config.mail.transport === 'capture') {
    app.get('/dev/mail', async (_request, reply) => {
      const items = (await listCapturedMail(db))
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p>宛先: ${escapeHtml(m.to)} / ${m.sentAt.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`,
        )
        .join('');
      return sendPage(reply, '送信メール（開発用）', items || '<p>まだメールはありません。</p>');
    });
  }
}
