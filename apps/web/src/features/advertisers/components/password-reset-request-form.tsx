import { messages, passwordResetRequestBody } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { InlineForm } from '../../../components/ui/inline-form.tsx';
import { emailInput } from '../../../components/ui/text-field.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** パスワードをお忘れの方: mails a reset link (the answer is the same whether or not the address exists). */
export function PasswordResetRequestForm() {
  const request = useRequestPasswordReset();
  const form = useForm(passwordResetRequestBody);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const body = form.validate({ email });
    // SPEC: a blank address is asked for; any other refusal reads as the reset failing.
    if (!body) {
      if (email.trim() !== '') form.fail(messages.passwordResetFailed, 'email');
      return;
    }
    try {
      await request.mutateAsync(body);
      setSent(true);
    } catch {
      form.fail(messages.passwordResetFailed);
    }
  };

  return (
    <details className="card">
      <summary>パスワードをお忘れの方</summary>
      <p className="note">登録したメールアドレスに、パスワード再設定用のリンクをお送りします。</p>
      <InlineForm
        id="password-reset-email"
        label="メールアドレス"
        {...emailInput}
        value={email}
        onChange={setEmail}
        onSubmit={submit}
        buttonLabel="再設定メールを送る"
        pending={request.isPending}
        tone="secondary"
        error={form.summary}
        invalid={form.errorOf('email') !== ''}
      >
        {sent && (
          <p role="status" className="form-success">
            {messages.passwordResetSent}
          </p>
        )}
      </InlineForm>
    </details>
  );
}
