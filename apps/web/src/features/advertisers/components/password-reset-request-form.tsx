import { messages, passwordResetRequestBody } from '@quiz-points/shared';
import { useState } from 'react';
import { emailLine, InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** パスワードをお忘れの方: mails a reset link (the answer is the same whether or not the address exists). */
export function PasswordResetRequestForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const email = useInlineForm({
    schema: passwordResetRequestBody,
    field: 'email',
    onValid: async (body) => {
      setSent(false);
      try {
        await request.mutateAsync(body);
        setSent(true);
      } catch {
        email.form.fail(messages.passwordResetFailed);
      }
    },
    // SPEC: a blank address is asked for; any other refusal reads as the reset failing.
    onInvalid: (text) => {
      setSent(false);
      if (text.trim() !== '') email.form.fail(messages.passwordResetFailed, 'email');
    },
  });

  return (
    <details className="card">
      <summary>パスワードをお忘れの方</summary>
      <p className="note">登録したメールアドレスに、パスワード再設定用のリンクをお送りします。</p>
      <InlineForm
        id="password-reset-email"
        {...emailLine}
        {...email.props}
        buttonLabel="再設定メールを送る"
        pending={request.isPending}
        tone="secondary"
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
