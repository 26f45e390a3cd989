import { useEffect } from 'react';
import { useLocation } from 'react-router';

const KEY = 'qp-referral-code';

/** `?ref=` on any entry page is remembered through sign-in, until signup sends it (SPEC §3 referredBy). */
export function useRememberReferral() {
  const ref = new URLSearchParams(useLocation().search).get('ref');
  useEffect(() => {
    if (ref && /^[A-Za-z0-9]{8}$/.test(ref)) localStorage.setItem(KEY, ref);
  }, [ref]);
}

export function rememberedReferralCode(): string | undefined {
  return localStorage.getItem(KEY) ?? undefined;
}

export function forgetReferralCode() {
  localStorage.removeItem(KEY);
}
