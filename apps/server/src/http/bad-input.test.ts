import { describe, expect, it } from 'vitest';
import {
  type Audience,
  type EndpointRule,
  pathOf,
  routeKeys,
  stateDigest,
  useApiWorld,
  type World,
} from '../test/api-endpoints.ts';

type Probe = { label: string; path: string; contentType?: string; body?: string | Uint8Array };

const fullWidth = (value: string) =>
  value.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

/** Half of a UTF-16 surrogate pair: JSON.stringify writes it as the escape "\ud800". */
const loneSurrogate = '\ud800';
/** The UTF-8 bytes a lone surrogate would have, %-encoded: no decoder turns them into text. */
const loneSurrogateEscaped = '%ED%A0%80';
const deepNesting = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

/** Every string inside `value` (nested objects and arrays too), each given by its path. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A copy of the body with a lone surrogate appended to the string at `path`. */
function withLoneSurrogateAt(body: Record<string, unknown>, path: (string | number)[]): unknown {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  parent[last] = `${parent[last]}${loneSurrogate}x`;
  return copy;
}

/** Values of the wrong kind for a field whose valid value is `valid`. */
function wrongValues(valid: unknown): { label: string; json: string }[] {
  const of = (label: string, value: unknown) => ({ label, json: JSON.stringify(value) });
  const huge = 'あ'.repeat(20_000);
  if (typeof valid === 'number') {
    return [
      of('a numeric string', String(valid)),
      of('full-width digits', fullWidth(String(valid))),
      of('a fraction', valid + 0.5),
      of('a negative number', -valid),
      of('zero', 0),
      of('a huge number', 1e308),
      { label: 'Infinity (1e999)', json: '1e999' },
      of('null', null),
      of('a boolean', true),
      of('an array', [valid]),
      of('an object', { value: valid }),
    ];
  }
  if (typeof valid === 'string') {
    return [
      of('a number', 12345),
      of('a boolean', true),
      of('null', null),
      of('an array', [valid]),
      of('an object', { value: valid }),
      of('a huge string', huge),
      of('a NUL character', `${valid}\u0000`),
      // Digits typed on a Japanese keyboard: a number field must not take them silently.
      ...(/^[\d-]+$/.test(valid) ? [of('full-width digits', fullWidth(valid))] : []),
    ];
  }
  if (typeof valid === 'boolean') {
    return [of('a string', String(valid)), of('a number', 1), of('an array', [valid]), of('an object', {})];
  }
  if (Array.isArray(valid)) {
    return [
      of('a string', 'a'),
      of('an object', {}),
      of('numbers', [1, 2]),
      of(
        'a thousand items',
        Array.from({ length: 1000 }, () => 'x'),
      ),
    ];
  }
  return [of('a string', 'x'), of('an array', []), of('a number', 1), of('null', null)];
}

/** Broken requests for one route: path ids, query, body shape, field types, content types. */
function probesFor(method: string, url: string, rule: EndpointRule, world: World): Probe[] {
  const params = rule.params?.(world) ?? {};
  const path = pathOf(url, params);
  const probes: Probe[] = [];
  for (const name of Object.keys(params)) {
    for (const bad of [
      'not-an-id',
      fullWidth('1234567'),
      '%00',
      'x'.repeat(300),
      '__proto__',
      'constructor',
      '..%2F..',
      loneSurrogateEscaped,
    ]) {
      probes.push({
        label: `:${name} = ${bad.slice(0, 20)}`,
        path: pathOf(url, { ...params, [name]: bad }).replace(encodeURIComponent(bad), bad),
      });
    }
  }
  if (rule.query) {
    const query = (entries: [string, string][]) => `${path}?${new URLSearchParams(entries).toString()}`;
    for (const [name, value] of Object.entries(rule.query)) {
      const rest = Object.entries(rule.query).filter(([key]) => key !== name);
      const numeric = /^\d+$/.test(value);
      const wrong = numeric ? ['', fullWidth(value), 'NaN', '1e999', '-1', '1.5'] : ['', 'x'.repeat(5000)];
      for (const bad of [...wrong, 'a\u0000b']) {
        probes.push({ label: `?${name}=${bad.slice(0, 20)}`, path: query([...rest, [name, bad]]) });
      }
      probes.push({
        label: `?${name} with a lone surrogate`,
        path: `${query(rest)}&${encodeURIComponent(name)}=${encodeURIComponent(value)}${loneSurrogateEscaped}`,
      });
      probes.push({ label: `?${name} twice`, path: query([...rest, [name, value], [name, value]]) });
    }
  }
  if (method === 'GET') return probes;

  if (rule.upload) {
    // An upload route: bytes that are no image, no bytes, and more than it takes.
    const upload = (label: string, body: Uint8Array) =>
      probes.push({ label, path, contentType: 'application/octet-stream', body });
    upload('an upload that is no image', Buffer.from('{"image":"not really"}'));
    upload('an empty upload', new Uint8Array());
    upload('an upload over its limit', Buffer.alloc(5 * 1024 * 1024 + 1, 0x89));
  }

  const valid = rule.body?.(world);
  const json = (label: string, body: string) =>
    probes.push({ label, path, contentType: 'application/json', body });
  json('malformed JSON', '{"a":');
  json('NaN', valid ? JSON.stringify(valid).replace(/}$/, ',"n":NaN}') : '{"n":NaN}');
  json('__proto__ key', `{"__proto__":{"isAdmin":true}${valid ? `,${JSON.stringify(valid).slice(1)}` : '}'}`);
  json(
    'constructor.prototype key',
    `{"constructor":{"prototype":{"isAdmin":true}}${valid ? `,${JSON.stringify(valid).slice(1)}` : '}'}`,
  );
  probes.push({ label: 'text/plain', path, contentType: 'text/plain', body: JSON.stringify(valid ?? {}) });
  probes.push({
    label: 'a cross-site form',
    path,
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ a: '1' }).toString(),
  });
  json('over the 64 KB limit', JSON.stringify({ ...valid, padding: 'x'.repeat(70_000) }));
  json(
    'nested 10,000 levels deep',
    JSON.stringify({ ...valid, deep: '__DEEP__' }).replace('"__DEEP__"', deepNesting),
  );
  json('a key with a lone surrogate', JSON.stringify({ ...valid, [loneSurrogate]: 1 }));
  if (!valid) return probes;

  for (const shape of ['null', '[]', '"text"', '42', 'true']) json(`a body of ${shape}`, shape);
  const required = Object.keys(valid).filter((key) => !rule.optional?.includes(key));
  if (required.length > 0) json('an empty object', '{}');
  for (const key of required) {
    const { [key]: _left, ...rest } = valid;
    json(`without ${key}`, JSON.stringify(rest));
  }
  json('an extra field', JSON.stringify({ ...valid, extra: 1 }));
  json('a forged uid', JSON.stringify({ ...valid, uid: world.otherUserId }));
  json('a forged point amount', JSON.stringify({ ...valid, points: 999_999, reward: 999_999 }));
  for (const path of stringPaths(valid)) {
    json(`${path.join('.')} with a lone surrogate`, JSON.stringify(withLoneSurrogateAt(valid, path)));
  }
  for (const [key, value] of Object.entries(valid)) {
    for (const wrong of wrongValues(value)) {
      const body = JSON.stringify({ ...valid, [key]: '__WRONG__' }).replace('"__WRONG__"', wrong.json);
      json(`${key} as ${wrong.label}`, body);
    }
  }
  return probes;
}

/**
 * Every endpoint of the JSON API, from the server's own route table, gets generated bad input:
 * each must be answered 4xx with a message (never 500) and change nothing in the database.
 */
describe('bad input to every endpoint', () => {
  const suite = useApiWorld();

  it('knows every route', () => {
    expect(routeKeys(suite.t.app).filter((key) => !(key in suite.rules))).toEqual([]);
  });

  it('answers every broken request with 4xx and a message, and changes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const key of routeKeys(suite.t.app)) {
      const rule = suite.rules[key];
      // Pages and files promise no `{ error }` body; only their query strings are probed there.
      const isPage = rule?.notJsonApi === true;
      if (!rule || (isPage && !rule.query)) continue;
      const [method, url] = key.split(' ') as [string, string];
      const caller: Audience = rule.who === 'anyone' ? 'visitor' : rule.who[0]!;
      const client = suite.world.clients[caller];
      const before = await stateDigest(suite.t);
      for (const probe of probesFor(method, url, rule, suite.world)) {
        sent++;
        const response = await client.raw(probe.path, {
          method,
          headers: probe.contentType ? { 'content-type': probe.contentType } : {},
          body: probe.body,
        });
        const text = await response.text();
        let message: unknown;
        try {
          message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
        } catch {
          message = undefined;
        }
        const label = `${key} [${caller}] ${probe.label}`;
        if (isPage) {
          if (response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
        } else if (response.status < 400 || response.status >= 500)
          failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
        else if (typeof message !== 'string' || message.length === 0)
          failures.push(`${label}: no message in ${text.slice(0, 200)}`);
      }
      const after = await stateDigest(suite.t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${key} ${url}: bad input changed ${changed.join(', ')}`);
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses unparsable requests to the identity endpoints, never answers 500, and changes nothing', async () => {
    // better-auth's own endpoints ignore fields they do not know (their answer is theirs), but a
    // body the API cannot parse never reaches them, and nothing they are sent breaks them.
    const rule: EndpointRule = { who: 'anyone', body: () => ({ provider: 'google', callbackURL: '/' }) };
    const unparsable =
      /^(malformed JSON|NaN|__proto__ key|constructor\.prototype key|text\/plain|a cross-site form|over the 64 KB limit|nested 10,000 levels deep|.* with a lone surrogate)$/;
    const failures: string[] = [];
    const before = await stateDigest(suite.t);
    for (const url of ['/api/auth/sign-in/social', '/api/auth/sign-out', '/api/auth/no-such-action']) {
      for (const probe of probesFor('POST', url, rule, suite.world)) {
        const response = await suite.world.clients.visitor.raw(probe.path, {
          method: 'POST',
          headers: probe.contentType ? { 'content-type': probe.contentType } : {},
          body: probe.body,
        });
        await response.arrayBuffer();
        const refused = response.status >= 400 && response.status < 500;
        if (response.status >= 500 || (unparsable.test(probe.label) && !refused)) {
          failures.push(`${url} ${probe.label}: ${response.status}`);
        }
      }
    }
    const after = await stateDigest(suite.t);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
    expect(failures).toEqual([]);
  });
});
