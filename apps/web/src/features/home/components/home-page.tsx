import { EMAIL_USED_BY_ADVERTISER, coreMessages as messages } from '@quiz-points/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useSignOut } from '../../auth/api/sign-out.ts';
import { LandingPage, preloadFaqAccordion } from '../../landing/components/landing-page.tsx';

// The signed-in home loads on demand, so a visitor's landing page carries none of its code.
const UserHome = lazy(() => import('./user-home.tsx').then((module) => ({ default: module.UserHome })));

/** What a visitor's landing page draws on demand, loaded before it hydrates (main.tsx). */
export const preloadHomePage = () =>
  clientConfig.hasSession ? Promise.resolve(undefined) : preloadFaqAccordion();

/**
 * `/`: the landing page when signed out, the user's home when signed in. SPEC §4 login rules:
 * suspended users are told and signed out; advertisers are signed out here; no birth date → signup.
 */
export function HomePage() {
  const { data: me, isPending } = useMe();
  const signOut = useSignOut();
  const { state } = useLocation() as { state: { notice?: string; welcomeBonus?: number } | null };
  const [params] = useSearchParams();
  const mustLeave = me ? me.isSuspended || me.role === 'advertiser' : false;

  const leaving = useRef(false);
  useEffect(() => {
    if (!me || !mustLeave || leaving.current) return;
    leaving.current = true;
    void signOut(
      me.isSuspended ? { notice: `${messages.suspendedAtLogin}\n${messages.suspendedNotice}` } : undefined,
    );
  }, [me, mustLeave, signOut]);

  if (isPending || mustLeave) return <Loading />;
  if (!me) return <LandingPage notice={state?.notice ?? signInFailure(params)} />;
  if (me.needsSignup) return <Navigate to="/signup" replace />;
  return (
    <Suspense fallback={<Loading />}>
      <UserHome me={me} welcomeBonus={state?.welcomeBonus} />
    </Suspense>
  );
}

/** Google sign-in comes back to `/?signin=failed&error=<code>` when it was refused (auth.ts). */
function signInFailure(params: URLSearchParams): string | undefined {
  if (params.get('signin') !== 'failed') return undefined;
  return params.get('error') === EMAIL_USED_BY_ADVERTISER
    ? messages.emailUsedByAdvertiser
    : messages.signInFailed;
}
