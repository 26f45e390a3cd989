import { advertiserSignInBody, messages } from '@quiz-points/shared';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { emailInput, passwordInput } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSignInAdvertiser } from '../api/sign-in-advertiser.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { type AccountField, AccountFields } from './account-fields.tsx';

const fields: AccountField<'email' | 'password'>[] = [
  { key: 'email', label: 'メールアドレス', input: { ...emailInput, autoComplete: 'username' } },
  { key: 'password', label: 'パスワード', input: { ...passwordInput, autoComplete: 'current-password' } },
];

/** E-mail and password sign-in; the server answers ログインに失敗しました。 or 広告主アカウントではありません。 */
export function AdvertiserLoginForm() {
  const signIn = useSignInAdvertiser();
  const { form, formProps, fieldProps } = useAccountForm(
    advertiserSignInBody,
    { email: '', password: '' },
    {
      send: (body) => signIn.mutateAsync(body),
      refused: (failure) =>
        failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.loginFailed,
    },
  );

  return (
    <form {...formProps} className="card" aria-labelledby="advertiser-login-form-title">
      <h3 id="advertiser-login-form-title">ログイン</h3>
      <AccountFields idPrefix="advertiser-login" fields={fields} {...fieldProps} />
      <FormError text={form.formError} />
      <SubmitButton pending={signIn.isPending}>ログイン</SubmitButton>
    </form>
  );
}
