import { useState } from 'react';
import { uiText } from '../../../lib/ui-text.ts';
import { startGoogleSignIn } from '../api/start-google-sign-in.ts';

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
      await startGoogleSignIn({ callbackURL, newUserCallbackURL, reauthenticate });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  };
  return (
    <div className="sign-in">
      <button type="button" className="button button--google" onClick={start} disabled={pending}>
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
