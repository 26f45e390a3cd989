import { coreMessages as messages } from '@quiz-points/shared';
import { useState } from 'react';
import { uiText } from '../../../lib/ui-text.ts';

/**
 * The sign-in's code (the in-app-browser check, the call that starts it) loads when the button is
 * touched or focused, not with the landing page's first download, which carries this button.
 */
const loadSignIn = () => import('../api/start-google-sign-in.ts');

/**
 * Google's mark, as a file beside the icons (public/icons/google-g.svg): its paths drawn in the
 * landing page's JavaScript cost more of its 100 KB budget than the small request costs the page.
 */
const googleMark = <img src="/icons/google-g.svg" alt="" width={18} height={18} />;

/**
 * Starts Google sign-in; failures (in-app browser, network) are shown beside the button. After it, the
 * browser comes back to `callbackURL`, or for a first sign-in to `newUserCallbackURL` (signup unless said).
 */
export function GoogleSignInButton({
  label = 'Googleでログイン',
  callbackURL,
  newUserCallbackURL,
  reauthenticate = false,
}: {
  label?: string;
  callbackURL?: string;
  newUserCallbackURL?: string;
  reauthenticate?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const start = async () => {
    setPending(true);
    setError('');
    try {
      // Its code not arriving is the network's failure, said as the API's are.
      const signIn = await loadSignIn().catch(() => {
        throw new Error(messages.networkFailed);
      });
      await signIn.startGoogleSignIn({ callbackURL, newUserCallbackURL, reauthenticate });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  };
  return (
    <div className="sign-in">
      <button
        type="button"
        className="button button--google"
        onClick={start}
        onPointerDown={loadSignIn}
        onFocus={loadSignIn}
        disabled={pending}
      >
        {googleMark}
        {pending ? uiText.sending : label}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
