import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { listCapturedMail } from '../../services/mail/captured-mailer.ts';
import { listCapturedSms } from '../../services/sms/captured-sms-sender.ts';
import type { RouteDeps } from '../app.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Development stand-in pages. Never registered in production. */
export function registerDevRoutes(app: FastifyInstance, { database, config }: RouteDeps) {
  if (config.sms.provider === 'capture') registerDevSmsRoutes(app, database.db);
  if (config.mail.transport !== 'capture') return;

  app.get('/api/dev/mail', async () => ({ mail: await listCapturedMail(database.db) }));

  app.get('/dev/mail', async (_request, reply) => {
    const mail = await listCapturedMail(database.db);
    const items = mail
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>宛先: ${escapeHtml(m.to)} / ${m.sentAt.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>送信メール（開発用）</title></head><body><main><h1>送信メール（開発用）</h1>${items || '<p>まだメールはありません。</p>'}</main></body></html>`,
      );
  });
}

function registerDevSmsRoutes(app: FastifyInstance, db: Database) {
  app.get('/api/dev/sms', async () => ({ sms: await listCapturedSms(db) }));
  app.get('/dev/sms', async (_request, reply) => {
    const sms = await listCapturedSms(db);
    const items = sms
      .map(
        (m) =>
          `<li><strong>${escapeHtml(m.to)}</strong> ${m.sentAt.toISOString()}<br>${escapeHtml(m.text)}</li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>送信SMS（開発用）</title></head><body><main><h1>送信SMS（開発用）</h1><ul>${items || '<li>まだSMSはありません。</li>'}</ul></main></body></html>`,
      );
  });
}
