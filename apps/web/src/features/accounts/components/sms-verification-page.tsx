import { type Me, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireUser } from '../../auth/components/require-user.tsx';
import { useSendPhoneCode, useVerifyPhoneCode } from '../api/phone.ts';

function SmsVerification({ me }: { me: Me }) {
  useDocumentTitle('電話番号認証');
  const { state } = useLocation() as { state: { notice?: string } | null };
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

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
    setError('');
    if (!/^0[0-9]{9,10}$/.test(phone.replace(/[\s-]/g, ''))) return setError(messages.smsSendFailed);
    try {
      await send.mutateAsync(phone);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.smsSendFailed);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!/^[0-9]{6}$/.test(code)) return setError(messages.smsVerifyFailed);
    try {
      await verify.mutateAsync(code);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.smsVerifyFailed);
    }
  };

  return (
    <div className="page form-page">
      <h1 className="page-title">電話番号認証</h1>
      {state?.notice && (
        <p role="alert" className="card notice">
          {state.notice}
        </p>
      )}
      <p className="page-lead">
        SMSで届く6桁の認証コードを入力してください。1つの電話番号で認証できるのは1アカウントだけです。
      </p>
      <form onSubmit={submitPhone} noValidate className="field">
        <label htmlFor="phone" className="field__label">
          携帯電話番号
        </label>
        <div className="materials-form__row">
          <input
            id="phone"
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="09012345678"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            maxLength={13}
          />
          <button type="submit" className="button" disabled={send.isPending}>
            {send.isPending ? uiText.sending : send.isSuccess ? 'コードを再送する' : '認証コードを送る'}
          </button>
        </div>
      </form>
      {send.isSuccess && (
        <form onSubmit={submitCode} noValidate className="field">
          <p role="status" className="form-success">
            認証コードを送信しました。
          </p>
          <label htmlFor="code" className="field__label">
            認証コード（6桁）
          </label>
          <div className="materials-form__row">
            <input
              id="code"
              className="input input--short"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, ''))}
            />
            <button type="submit" className="button" disabled={verify.isPending}>
              {verify.isPending ? uiText.sending : '認証する'}
            </button>
          </div>
        </form>
      )}
      <FormError text={error} />
    </div>
  );
}

export default function SmsVerificationPage() {
  return <RequireUser>{(me) => <SmsVerification me={me} />}</RequireUser>;
}
