import { advertiserSignUpBody, messages, PASSWORD_MIN_LENGTH } from '@quiz-points/shared';
import { type ComponentProps, type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
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

  const field = (key: keyof typeof empty, label: string, input: ComponentProps<'input'>) => (
    <div className="field">
      <label htmlFor={`advertiser-signup-${key}`} className="field__label">
        {label}
      </label>
      <input
        id={`advertiser-signup-${key}`}
        className="input"
        value={values[key]}
        onChange={(event) => set(key)(event.target.value)}
        {...input}
      />
    </div>
  );

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="advertiser-signup-title">
      <h2 id="advertiser-signup-title">広告主アカウントの新規登録</h2>
      {field('displayName', '会社名または表示名', { autoComplete: 'organization', maxLength: 50 })}
      {field('email', 'メールアドレス', {
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
        maxLength: 254,
      })}
      {field('password', `パスワード（${PASSWORD_MIN_LENGTH}文字以上）`, {
        type: 'password',
        autoComplete: 'new-password',
        maxLength: 128,
      })}
      <label className="choice choice--block">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>
          <Link to="/advertiser/terms">広告主利用規約</Link>に同意する
        </span>
      </label>
      <FormMessage message={message} />
      <button type="submit" className="button button--wide" disabled={signUp.isPending}>
        {signUp.isPending ? uiText.sending : '登録して確認メールを受け取る'}
      </button>
    </form>
  );
}
