import { EMAIL_USED_BY_ADVERTISER, coreMessages as messages } from '@quiz-points/shared';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { uiText } from '../../../lib/ui-text.ts';
// The first page's chunk takes auth's parts by file: through auth's index.ts, the build splits the
// modules it shares with lazy pages out of that chunk, over its budget (docs/performance.md).
// biome-ignore lint/style/noRestrictedImports: see above
import { useMe } from '../../auth/api/get-me.ts';
import { LandingPage, preloadFaqAccordion } from '../../landing/index.ts';

// The signed-in home, and the sign-out of one who may not stay, load on demand: a visitor's landing
// page carries none of their code.
const userHome = lazyWithPreload(() =>
  import('./user-home.tsx').then((module) => ({ default: module.UserHome })),
);
const UserHome = userHome.Component;
const LeaveSession = lazy(() =>
  import('./user-home.tsx').then((module) => ({ default: module.LeaveSession })),
);

/**
 * What the page draws on demand, loaded before it hydrates (main.tsx): a visitor's landing page its
 * FAQ, a member's home the home itself.
 */
export const preloadHomePage = () =>
  clientConfig.hasSession ? userHome.preload().then(() => undefined) : preloadFaqAccordion();

/**
 * `/`: the landing page when signed out, the user's home when signed in. SPEC §4 login rules:
 * suspended users are told and signed out; advertisers are signed out here; no birth date → signup.
 * The admin goes to the console.
 */
export function HomePage() {
  const { data: me, isPending } = useMe();
  const { state } = useLocation() as { state: { notice?: string; welcomeBonus?: number } | null };
  const [params] = useSearchParams();

  if (isPending) return <HomeSkeleton />;
  if (me?.isSuspended || me?.role === 'advertiser') {
    return (
      <Suspense fallback={<Loading />}>
        <LeaveSession
          notice={me.isSuspended ? `${messages.suspendedAtLogin}\n${messages.suspendedNotice}` : undefined}
        />
      </Suspense>
    );
  }
  if (!me) return <LandingPage notice={state?.notice ?? signInFailure(params)} />;
  // The operator's home is the console, never a member's home or profile form.
  if (me.isAdmin) return <Navigate to="/admin" replace />;
  if (me.needsSignup) return <Navigate to="/signup" replace />;
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <UserHome me={me} welcomeBonus={state?.welcomeBonus} />
    </Suspense>
  );
}

/**
 * The member's home while it loads: the balance card and two ad cards, drawn by the stylesheet
 * (`.home-skeleton`), so the landing page's first download carries no skeleton components.
 */
function HomeSkeleton() {
  return (
    <div className="page home-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{uiText.loading}</span>
    </div>
  );
}

/** Google sign-in comes back to `/?signin=failed&error=<code>` when it was refused (auth.ts). */
function signInFailure(params: URLSearchParams): string | undefined {
  if (params.get('signin') !== 'failed') return undefined;
  return params.get('error') === EMAIL_USED_BY_ADVERTISER
    ? messages.emailUsedByAdvertiser
    : messages.signInFailed;
}
