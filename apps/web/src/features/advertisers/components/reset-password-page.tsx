import { messages, PASSWORD_MIN_LENGTH, passwordResetBody } from '@quiz-points/shared';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { passwordInput } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { type AccountField, AccountFields } from './account-fields.tsx';

const fields: AccountField<'password'>[] = [
  {
    key: 'password',
    label: `新しいパスワード（${PASSWORD_MIN_LENGTH}文字以上）`,
    input: { ...passwordInput, autoComplete: 'new-password' },
  },
];

/** The page the reset mail links to (/advertiser/reset-password?token=...): set a new password. */
export default function ResetPasswordPage() {
  useDocumentTitle('パスワードの再設定');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const { form, formProps, fieldProps } = useAccountForm(
    passwordResetBody,
    { password: '' },
    {
      extra: { token },
      send: (body) => reset.mutateAsync(body),
      refused: (failure) =>
        failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.passwordResetFailed,
    },
  );

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
        <form {...formProps} className="card">
          <AccountFields idPrefix="new" fields={fields} {...fieldProps} />
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
