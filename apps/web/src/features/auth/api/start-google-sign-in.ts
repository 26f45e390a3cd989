import { coreMessages as messages } from '@quiz-points/shared';
import { apiFetch } from '../../../lib/api.ts';

// LINE, Facebook, Instagram, X, WeChat, KakaoTalk and generic Android WebViews block Google sign-in.
const IN_APP_BROWSER = /\bLine\/|FBAN|FBAV|Instagram|Twitter|MicroMessenger|KAKAOTALK|; wv\)/i;

export function isInAppBrowser(userAgent = navigator.userAgent): boolean {
  return IN_APP_BROWSER.test(userAgent);
}

export class SignInError extends Error {
  override name = 'SignInError';
}

/**
 * Starts Google sign-in (OpenID Connect, by redirect); `reauthenticate` makes Google ask for the
 * login again even with a live Google session. In an in-app browser it copies this page's
 * URL instead and asks for a standard browser (SPEC §8).
 */
export async function startGoogleSignIn(
  options: { callbackURL?: string; newUserCallbackURL?: string; reauthenticate?: boolean } = {},
) {
  if (isInAppBrowser()) {
    await navigator.clipboard?.writeText(window.location.href).catch(() => {});
    throw new SignInError(messages.inAppBrowser);
  }
  const { url } = await apiFetch<{ url: string }>('POST /api/auth/sign-in/social', {
    body: {
      provider: 'google',
      callbackURL: options.callbackURL ?? '/',
      newUserCallbackURL: options.newUserCallbackURL ?? '/signup',
      errorCallbackURL: '/?signin=failed',
      // Re-authentication (withdrawal): Google must ask again, and say when it did (auth_time).
      ...(options.reauthenticate ? { additionalParams: { prompt: 'login', max_age: '0' } } : {}),
    },
  });
  window.location.assign(url);
}
