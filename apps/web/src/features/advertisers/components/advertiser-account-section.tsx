import { messages } from '@quiz-points/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { useMe, useSignOut } from '../../auth/index.ts';
import { AdvertiserLoginForm } from './advertiser-login-form.tsx';
import { AdvertiserSignUpForm } from './advertiser-sign-up-form.tsx';
import { PasswordResetRequestForm } from './password-reset-request-form.tsx';

/**
 * The landing's account part: the login and reset forms. A signed-in advertiser (or the admin, for
 * house ads) gets the dashboard instead of the landing (advertiser-home.tsx), and the menu is the
 * console's navigation (advertiser-console-nav.tsx). SPEC §6: a user-role account is signed out here
 * and told 広告主アカウントではありません。
 */
export function AdvertiserAccountSection({ titleId }: { titleId: string }) {
  const me = useMe();
  const signOut = useSignOut();
  const [searchParams] = useSearchParams();
  const [refusedUser, setRefusedUser] = useState(false);
  const isUserAccount = me.data?.role === 'user' && !me.data.isAdmin;
  // The confirmation link lands on ?verified=1, with &error=... when its token was refused.
  const verification =
    searchParams.get('verified') !== '1' ? 'none' : searchParams.has('error') ? 'failed' : 'done';

  useEffect(() => {
    if (!isUserAccount) return;
    setRefusedUser(true);
    void signOut({ to: null });
  }, [isUserAccount, signOut]);

  let content: ReactNode;
  if (me.isPending || isUserAccount) content = <Loading />;
  else if (me.isLoadingError) {
    // A half-signed-in account must still be able to leave.
    content = (
      <div className="card">
        <p role="alert" className="form-error">
          {messages.userInfoNotFound}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void signOut({ to: null })}>
          ログアウト
        </button>
      </div>
    );
  } else {
    content = (
      <>
        <AdvertiserLoginForm />
        <PasswordResetRequestForm />
        <p className="note">
          アカウントをお持ちでない方は<a href="#advertiser-signup-title">新規登録</a>へお進みください。
        </p>
      </>
    );
  }

  return (
    <>
      <h2 id={titleId} className="section__title">
        広告主ログイン
      </h2>
      {verification === 'done' && (
        <p role="status" className="form-success">
          {messages.emailVerified}
        </p>
      )}
      {verification === 'failed' && (
        <p role="alert" className="form-error">
          {messages.verificationLinkInvalid}
        </p>
      )}
      {refusedUser && (
        <p role="alert" className="form-error">
          {messages.notAdvertiser}
        </p>
      )}
      {content}
    </>
  );
}

/** The sign-up form, for visitors only. */
export function AdvertiserSignUpSection() {
  const me = useMe();
  if (me.isPending || me.data) return null;
  return (
    <section className="section" aria-labelledby="advertiser-signup-title">
      <AdvertiserSignUpForm />
    </section>
  );
}
