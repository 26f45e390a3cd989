import { advertiserSignUpBody, messages, PASSWORD_MIN_LENGTH } from '@quiz-points/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FieldError } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { emailInput, passwordInput } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSignUpAdvertiser } from '../api/sign-up-advertiser.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { type AccountField, AccountFields } from './account-fields.tsx';
import { companyFields } from './company-details-form.tsx';

const empty = { displayName: '', companyName: '', companyAddress: '', email: '', password: '' };

const fields: AccountField<keyof typeof empty>[] = [
  { key: 'displayName', label: '会社名または表示名', input: { autoComplete: 'organization', maxLength: 50 } },
  // The invoices' addressee: optional, editable later in the advertiser menu.
  ...companyFields,
  { key: 'email', label: 'メールアドレス', input: emailInput },
  {
    key: 'password',
    label: `パスワード（${PASSWORD_MIN_LENGTH}文字以上）`,
    input: { ...passwordInput, autoComplete: 'new-password' },
  },
];

/**
 * New advertiser account; the confirmation mail's link signs in and lands on /advertiser?verified=1.
 * Each wrong field says which of its rules failed (required, too long) once, beside it, and takes
 * the focus; its mark goes as soon as it is right. A refusal of the whole form shows under it.
 */
export function AdvertiserSignUpForm() {
  const signUp = useSignUpAdvertiser();
  const [agreed, setAgreed] = useState(false);
  const [sent, setSent] = useState(false);
  const { form, values, setValues, formProps, fieldProps } = useAccountForm(advertiserSignUpBody, empty, {
    extra: { agreeToTerms: agreed },
    onSubmit: () => setSent(false),
    send: async (body) => {
      await signUp.mutateAsync(body);
      setValues(empty);
      setAgreed(false);
      setSent(true);
    },
    refused: (failure) => (failure instanceof ApiError ? failure.message : messages.genericErrorSentence),
  });
  const input = { ...values, agreeToTerms: agreed };
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again when what was typed changes.
  useEffect(() => recheck(input), [JSON.stringify(input)]);

  return (
    <form {...formProps} className="card" aria-labelledby="advertiser-signup-title">
      <h2 id="advertiser-signup-title">広告主アカウントの新規登録</h2>
      <AccountFields idPrefix="advertiser-signup" fields={fields} {...fieldProps} />
      <label className="choice choice--block">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          {...form.invalid('agreeToTerms', { messageOf: 'advertiser-signup-terms' })}
        />
        <span>
          <Link to="/advertiser/terms">広告主利用規約</Link>に同意する
        </span>
      </label>
      <FieldError field="advertiser-signup-terms" text={form.errorOf('agreeToTerms')} />
      <FormError text={form.formError} />
      {sent && (
        <p role="status" className="form-success">
          {messages.verificationMailSent}
        </p>
      )}
      <SubmitButton pending={signUp.isPending}>登録して確認メールを受け取る</SubmitButton>
    </form>
  );
}
