import { messages, passwordResetRequestBody } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { emailInput } from '../../../components/ui/text-field.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** パスワードをお忘れの方: mails a reset link (the answer is the same whether or not the address exists). */
export function PasswordResetRequestForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<FormMessageValue>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetRequestBody.safeParse({ email });
    if (!parsed.success) {
      const blank = email.trim() === '';
      return setMessage({
        kind: 'error',
        text: blank ? messages.emailRequired : messages.passwordResetFailed,
      });
    }
    setMessage(null);
    try {
      await request.mutateAsync(parsed.data);
      setMessage({ kind: 'ok', text: messages.passwordResetSent });
    } catch {
      setMessage({ kind: 'error', text: messages.passwordResetFailed });
    }
  };

  return (
    <details className="card">
      <summary>パスワードをお忘れの方</summary>
      <form onSubmit={submit} noValidate>
        <p className="note">登録したメールアドレスに、パスワード再設定用のリンクをお送りします。</p>
        <label htmlFor="password-reset-email" className="field__label">
          メールアドレス
        </label>
        <div className="materials-form__row">
          <input
            id="password-reset-email"
            {...emailInput}
            className="input"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={request.isPending}>
            {request.isPending ? uiText.sending : '再設定メールを送る'}
          </button>
        </div>
        <FormMessage message={message} />
      </form>
    </details>
  );
}
