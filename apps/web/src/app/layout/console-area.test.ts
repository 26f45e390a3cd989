import type { Me } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { consoleAreaOf } from './console-area.ts';

const person = (role: Me['role'], isAdmin = false) => ({ role, isAdmin }) as Me;
const advertiser = person('advertiser');
const member = person('user');
const admin = person('user', true);

describe('which pages are drawn in a console', () => {
  it('draws every /admin page in the operator console, whoever asks', () => {
    for (const me of [null, member, advertiser, admin]) {
      expect(consoleAreaOf('/admin', me, false)).toBe('admin');
      expect(consoleAreaOf('/admin/users/u1', me, false)).toBe('admin');
    }
  });

  it('draws /advertiser pages in the advertiser console for an advertiser or the admin, the site for others', () => {
    for (const path of ['/advertiser', '/advertiser/ads-status', '/advertiser/terms']) {
      expect(consoleAreaOf(path, advertiser, false), path).toBe('advertiser');
      expect(consoleAreaOf(path, admin, false), path).toBe('advertiser');
      expect(consoleAreaOf(path, null, false), path).toBeNull();
      expect(consoleAreaOf(path, member, false), path).toBeNull();
      // A session cookie, not read yet: the console's frame holds the place.
      expect(consoleAreaOf(path, undefined, true), path).toBe('advertiser');
    }
  });

  it('leaves the members’ pages, and paths that only begin alike, to the site', () => {
    for (const path of ['/', '/gift', '/advertisers', '/administrator']) {
      expect(consoleAreaOf(path, admin, false), path).toBeNull();
      expect(consoleAreaOf(path, undefined, true), path).toBeNull();
    }
  });
});
