import { messages, sendPhoneCodeBody, verifyPhoneCodeBody } from '@quiz-points/shared';
import { type ComponentProps, type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { describedControl, Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useRedirectNotice } from '../../../lib/use-redirect-notice.ts';
import { useSignedInUser } from '../../auth/index.ts';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { useVerifyPhoneCode } from '../api/verify-phone-code.ts';

export default function SmsVerificationPage() {
  useDocumentTitle('電話番号認証');
  const me = useSignedInUser();
  const notice = useRedirectNotice();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const phoneForm = useForm(sendPhoneCodeBody);
  const codeForm = useForm(verifyPhoneCodeBody);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');

  if (me.isVerified || verify.isSuccess) {
    return (
      <div className="page">
        <h1 className="page-title">電話番号認証</h1>
        <p role="status" className="form-success">
          電話番号認証が完了しました。
          {verify.data?.referralGranted && ' 友達紹介ボーナス50 Ptを獲得しました！'}
        </p>
        <p className="page-links">
          <Link to="/">ホームへ戻る</Link>
          <Link to="/gift">ポイント交換へ</Link>
        </p>
      </div>
    );
  }

  const submitPhone = async (event: FormEvent) => {
    event.preventDefault();
    codeForm.clear();
    // The number is sent as typed; the server normalises it by the same schema.
    if (!phoneForm.validate({ phoneNumber: phone })) return;
    try {
      await send.mutateAsync({ phoneNumber: phone });
    } catch (failure) {
      phoneForm.fail(failure instanceof Error ? failure.message : messages.smsSendFailed);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    phoneForm.clear();
    const body = codeForm.validate({ code });
    if (!body) return;
    try {
      await verify.mutateAsync(body);
    } catch (failure) {
      codeForm.fail(failure instanceof Error ? failure.message : messages.smsVerifyFailed);
    }
  };

  return (
    <div className="page form-page">
      <h1 className="page-title">電話番号認証</h1>
      {notice && (
        <p role="alert" className="card notice">
          {notice}
        </p>
      )}
      <p className="page-lead">
        SMSで届く6桁の認証コードを入力してください。1つの電話番号で認証できるのは1アカウントだけです。
      </p>
      <form onSubmit={submitPhone} noValidate>
        <FieldWithButton
          id="phone"
          label="携帯電話番号"
          hint="070・080・090 で始まる、SMS を受け取れる番号（+81 からでも可）"
          error={phoneForm.errorOf('phoneNumber')}
          pending={send.isPending}
          button={send.isSuccess ? 'コードを再送する' : '認証コードを送る'}
          input={{
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel-national',
            placeholder: '09012345678',
            value: phone,
            onChange: (event) => setPhone(event.target.value),
            maxLength: 17,
          }}
        />
      </form>
      {send.isSuccess && (
        <form onSubmit={submitCode} noValidate>
          <p role="status" className="form-success">
            認証コードを送信しました。
          </p>
          <FieldWithButton
            id="code"
            label="認証コード（6桁）"
            short
            error={codeForm.errorOf('code')}
            pending={verify.isPending}
            button="認証する"
            input={{
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              value: code,
              onChange: (event) => setCode(event.target.value.replace(/[^0-9]/g, '')),
            }}
          />
        </form>
      )}
      <FormError text={codeForm.summary || phoneForm.summary} />
    </div>
  );
}

/** One field and its submit button on a line (the number, then the code). */
function FieldWithButton({
  id,
  label,
  hint,
  error,
  pending,
  button,
  short = false,
  input,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string;
  pending: boolean;
  button: string;
  short?: boolean;
  input: ComponentProps<'input'>;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="materials-form__row">
        <input
          id={id}
          className={short ? 'input input--short' : 'input'}
          {...input}
          {...describedControl(id, { hint, error })}
        />
        <button type="submit" className="button" disabled={pending}>
          {pending ? uiText.sending : button}
        </button>
      </div>
    </Field>
  );
}
