import { advertiserSignInBody, messages } from '@quiz-points/shared';
import { type FormEvent, useRef, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { emailInput, passwordInput } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { focusFirstInvalid, useForm } from '../../../lib/use-form.ts';
import { useSignInAdvertiser } from '../api/sign-in-advertiser.ts';
import { type AccountField, AccountFields } from './account-fields.tsx';

const fields: AccountField<'email' | 'password'>[] = [
  { key: 'email', label: 'メールアドレス', input: { ...emailInput, autoComplete: 'username' } },
  { key: 'password', label: 'パスワード', input: { ...passwordInput, autoComplete: 'current-password' } },
];

/** E-mail and password sign-in; the server answers ログインに失敗しました。 or 広告主アカウントではありません。 */
export function AdvertiserLoginForm() {
  const signIn = useSignInAdvertiser();
  const form = useForm(advertiserSignInBody);
  const formElement = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', password: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(values);
    // A wrong field says so once, beside it, and takes the focus.
    if (!body) return focusFirstInvalid(formElement.current);
    try {
      await signIn.mutateAsync(body);
    } catch (failure) {
      form.fail(failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.loginFailed);
    }
  };

  return (
    <form
      ref={formElement}
      className="card"
      onSubmit={submit}
      noValidate
      aria-labelledby="advertiser-login-form-title"
    >
      <h3 id="advertiser-login-form-title">ログイン</h3>
      <AccountFields
        idPrefix="advertiser-login"
        fields={fields}
        values={values}
        onChange={(key, value) => setValues({ ...values, [key]: value })}
        errorOf={form.errorOf}
      />
      <FormError text={form.formError} />
      <SubmitButton pending={signIn.isPending}>ログイン</SubmitButton>
    </form>
  );
}
