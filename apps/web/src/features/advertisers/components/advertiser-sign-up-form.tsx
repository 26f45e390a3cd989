import { advertiserSignUpBody, messages, PASSWORD_MIN_LENGTH } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { emailInput, passwordInput, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSignUpAdvertiser } from '../api/sign-up-advertiser.ts';

const empty = { displayName: '', email: '', password: '' };

/** New advertiser account; the confirmation mail's link signs in and lands on /advertiser?verified=1. */
export function AdvertiserSignUpForm() {
  const signUp = useSignUpAdvertiser();
  const [values, setValues] = useState(empty);
  const [agreed, setAgreed] = useState(false);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const set = (key: keyof typeof empty) => (value: string) => setValues({ ...values, [key]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = advertiserSignUpBody.safeParse({ ...values, agreeToTerms: agreed });
    if (!parsed.success) {
      return setMessage({
        kind: 'error',
        text: parsed.error.issues[0]?.message ?? messages.allFieldsRequired,
      });
    }
    setMessage(null);
    try {
      await signUp.mutateAsync(parsed.data);
      setValues(empty);
      setAgreed(false);
      setMessage({ kind: 'ok', text: messages.verificationMailSent });
    } catch (failure) {
      setMessage({
        kind: 'error',
        text: failure instanceof ApiError ? failure.message : messages.genericErrorSentence,
      });
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="advertiser-signup-title">
      <h2 id="advertiser-signup-title">広告主アカウントの新規登録</h2>
      <TextField
        id="advertiser-signup-displayName"
        label="会社名または表示名"
        autoComplete="organization"
        maxLength={50}
        value={values.displayName}
        onChange={set('displayName')}
      />
      <TextField
        id="advertiser-signup-email"
        label="メールアドレス"
        {...emailInput}
        value={values.email}
        onChange={set('email')}
      />
      <TextField
        id="advertiser-signup-password"
        label={`パスワード（${PASSWORD_MIN_LENGTH}文字以上）`}
        {...passwordInput}
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
      />
      <label className="choice choice--block">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>
          <Link to="/advertiser/terms">広告主利用規約</Link>に同意する
        </span>
      </label>
      <FormMessage message={message} />
      <SubmitButton pending={signUp.isPending}>登録して確認メールを受け取る</SubmitButton>
    </form>
  );
}
