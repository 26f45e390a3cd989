import { advertiserSignInBody, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useSignInAdvertiser } from '../api/sign-in-advertiser.ts';

/** E-mail and password sign-in; the server answers ログインに失敗しました。 or 広告主アカウントではありません。 */
export function AdvertiserLoginForm() {
  const signIn = useSignInAdvertiser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = advertiserSignInBody.safeParse({ email, password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.loginFailed);
    setError('');
    try {
      await signIn.mutateAsync(parsed.data);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.loginFailed);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="advertiser-login-form-title">
      <h3 id="advertiser-login-form-title">ログイン</h3>
      <div className="field">
        <label htmlFor="advertiser-login-email" className="field__label">
          メールアドレス
        </label>
        <input
          id="advertiser-login-email"
          type="email"
          autoComplete="username"
          inputMode="email"
          className="input"
          value={email}
          maxLength={254}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="advertiser-login-password" className="field__label">
          パスワード
        </label>
        <input
          id="advertiser-login-password"
          type="password"
          autoComplete="current-password"
          className="input"
          value={password}
          maxLength={128}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--wide" disabled={signIn.isPending}>
        {signIn.isPending ? uiText.sending : 'ログイン'}
      </button>
    </form>
  );
}
