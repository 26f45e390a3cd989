import { messages, PASSWORD_MIN_LENGTH, passwordResetBody } from '@quiz-points/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { passwordInput, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { focusFirstInvalid, useForm } from '../../../lib/use-form.ts';
import { useResetPassword } from '../api/reset-password.ts';

/** The page the reset mail links to (/advertiser/reset-password?token=...): set a new password. */
export default function ResetPasswordPage() {
  useDocumentTitle('パスワードの再設定');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm(passwordResetBody);
  const formElement = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({ token, password });
    // The password says what is wrong once, beside it, and takes the focus.
    if (!body) return focusFirstInvalid(formElement.current);
    try {
      await reset.mutateAsync(body);
    } catch (failure) {
      form.fail(
        failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.passwordResetFailed,
      );
    }
  };

  return (
    <div className="page form-page">
      <h1 className="page-title">パスワードの再設定</h1>
      {!token ? (
        <p role="alert" className="form-error">
          {messages.passwordResetLinkInvalid}
        </p>
      ) : reset.isSuccess ? (
        <p role="status" className="form-success">
          {messages.passwordChanged}
        </p>
      ) : (
        <form ref={formElement} className="card" onSubmit={submit} noValidate>
          <TextField
            id="new-password"
            label={`新しいパスワード（${PASSWORD_MIN_LENGTH}文字以上）`}
            {...passwordInput}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={form.errorOf('password')}
          />
          {/* The link's token has no field of its own: what is wrong with it is the form's. */}
          <FormError text={form.errorOf('token') || form.formError} />
          <SubmitButton pending={reset.isPending}>パスワードを変更する</SubmitButton>
        </form>
      )}
      <p className="page-links">
        <Link to="/advertiser">広告主ログインへ</Link>
      </p>
    </div>
  );
}
