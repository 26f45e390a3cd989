import { describe, expect, it } from 'vitest';
import { isPageRoute } from './routes.ts';

describe('isPageRoute', () => {
  it.each(['/', '/quiz/abc', '/advertiser/edit-ad/42', '/admin/cloudworks', '/terms/'])(
    'knows %s',
    (path) => {
      expect(isPageRoute(path)).toBe(true);
    },
  );
  it.each(['/quiz', '/quiz/a/b', '/nope', '/advertiser/edit-ad', '/api/x'])('does not know %s', (path) => {
    expect(isPageRoute(path)).toBe(false);
  });
});
