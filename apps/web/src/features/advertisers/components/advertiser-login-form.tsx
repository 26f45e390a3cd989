import { advertiserSignInBody, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { emailInput, passwordInput, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
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
      <TextField
        id="advertiser-login-email"
        label="メールアドレス"
        {...emailInput}
        autoComplete="username"
        value={email}
        onChange={setEmail}
      />
      <TextField
        id="advertiser-login-password"
        label="パスワード"
        {...passwordInput}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <FormError text={error} />
      <SubmitButton pending={signIn.isPending}>ログイン</SubmitButton>
    </form>
  );
}
