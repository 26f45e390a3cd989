import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { Database } from '../../db/client.ts';
import { devIdentities } from '../../db/schema.ts';

export const DEV_OIDC_PATH = '/dev/oidc';

export interface DevOidcOptions {
  db: Database;
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  cookieSecret: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/sample-ads/sample.css"></head><body class="english"><header><h1>${title}</h1><p>開発用のGoogleログイン代替です。本番環境では使われません。</p></header><main>${body}</main></body></html>`;
}

/**
 * The local stand-in for Google: a real OpenID Connect provider (discovery, authorization code with
 * PKCE, signed ID tokens) whose login page lets you pick or create a test account.
 * Registered only outside production.
 */
export async function registerDevOidcProvider(app: FastifyInstance, options: DevOidcOptions) {
  const { db } = options;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-key', use: 'sig', alg: 'RS256' };

  const provider = new Provider(`${options.publicUrl}${DEV_OIDC_PATH}`, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [options.cookieSecret] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    ttl: {
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const [identity] = await db.select().from(devIdentities).where(eq(devIdentities.sub, sub));
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: identity.email, email_verified: true, name: identity.name }),
      };
    },
  });
  const callback = provider.callback();

  async function finishLogin(request: FastifyRequest, reply: FastifyReply, sub: string) {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  await app.register(async (scope) => {
    // The provider reads its own form bodies: leave the stream untouched.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null));

    scope.get<{ Params: { uid: string } }>(`${DEV_OIDC_PATH}/interaction/:uid`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const identities = await db.select().from(devIdentities).orderBy(asc(devIdentities.createdAt));
      const action = `${DEV_OIDC_PATH}/interaction/${escapeHtml(details.uid)}`;
      const list = identities
        .map(
          (identity) =>
            `<form method="post" action="${action}/login" class="point"><input type="hidden" name="sub" value="${escapeHtml(identity.sub)}"><button type="submit">${escapeHtml(identity.name)}（${escapeHtml(identity.email)}）でログイン</button></form>`,
        )
        .join('');
      return reply.type('text/html; charset=utf-8').send(
        page(
          'テスト用アカウントを選択',
          `<h2>アカウントを選ぶ</h2>${list || '<p>まだテスト用アカウントはありません。</p>'}
<h2>新しいアカウントを作る</h2>
<form method="post" action="${action}/create" class="point">
<p><label>メールアドレス<br><input name="email" type="email" required autocomplete="off"></label></p>
<p><label>名前<br><input name="name" required></label></p>
<p><button type="submit">作成してログイン</button></p></form>`,
        ),
      );
    });

    scope.post<{ Params: { uid: string } }>(
      `${DEV_OIDC_PATH}/interaction/:uid/login`,
      async (request, reply) => {
        const form = await readForm(request.raw);
        const sub = form.get('sub') ?? '';
        const [identity] = await db.select().from(devIdentities).where(eq(devIdentities.sub, sub));
        if (!identity)
          return reply.status(400).type('text/plain; charset=utf-8').send('unknown test account');
        await finishLogin(request, reply, sub);
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${DEV_OIDC_PATH}/interaction/:uid/create`,
      async (request, reply) => {
        const form = await readForm(request.raw);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const name = (form.get('name') ?? '').trim();
        if (!/^[^\s@]+@[^\s@]+$/.test(email) || name === '' || `${email}${name}`.includes('\u0000')) {
          return reply.status(400).type('text/plain; charset=utf-8').send('email and name are required');
        }
        const [existing] = await db.select().from(devIdentities).where(eq(devIdentities.email, email));
        const sub = existing?.sub ?? randomUUID();
        if (!existing) await db.insert(devIdentities).values({ sub, email, name });
        await finishLogin(request, reply, sub);
      },
    );

    scope.all(`${DEV_OIDC_PATH}/*`, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(DEV_OIDC_PATH.length) || '/';
      callback(raw, reply.raw);
    });
  });
}
