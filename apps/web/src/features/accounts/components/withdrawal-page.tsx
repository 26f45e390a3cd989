import { messages } from '@quiz-points/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';
import { LOGGED_OUT_EVENT } from '../../auth/api/sign-out.ts';
import { GoogleSignInButton } from '../../auth/components/google-sign-in-button.tsx';
import { RequireUser } from '../../auth/components/require-user.tsx';

/** SPEC §4 Withdrawal: confirm, sign in with Google again, then withdraw. */
function Withdrawal({ points }: { points: number }) {
  useDocumentTitle('退会');
  const [params] = useSearchParams();
  const reauthenticated = params.get('step') === 'confirm';
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const withdraw = async () => {
    setPending(true);
    setError('');
    try {
      await apiFetch('/api/withdrawal', { method: 'POST', body: {} });
      queryClient.setQueryData(meQueryKey, null);
      window.dispatchEvent(new Event(LOGGED_OUT_EVENT));
      navigate('/', {
        replace: true,
        state: { notice: '退会手続きが完了しました。ご利用ありがとうございました。' },
      });
    } catch (failure) {
      const reauthRequired = failure instanceof ApiError && failure.code === 'REAUTH_REQUIRED';
      setError(reauthRequired ? failure.message : messages.withdrawalFailed);
      setPending(false);
      // The sign-in was too long ago: back to the step that offers the Google button again.
      if (reauthRequired) navigate('/withdrawal', { replace: true });
    }
  };

  return (
    <div className="page form-page">
      <h1 className="page-title">退会</h1>
      <div className="card notice">
        <p>
          退会すると、保有している {points.toLocaleString('ja-JP')} Pt はすべて失効し、払い戻しはできません。
        </p>
        <p>プロフィールなどの個人情報は削除されます。</p>
      </div>
      {reauthenticated && (
        <p role="status" className="card notice">
          本人確認が完了しました。退会するには、下の「上記を確認し、退会に同意します」にチェックを入れて「退会する」を押してください。
        </p>
      )}
      <label className="choice choice--block">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        上記を確認し、退会に同意します
      </label>
      {agreed &&
        (reauthenticated ? (
          <button type="button" className="button button--danger" onClick={withdraw} disabled={pending}>
            {pending ? uiText.sending : '退会する'}
          </button>
        ) : (
          <div>
            <p>本人確認のため、もう一度Googleでログインしてください。</p>
            <GoogleSignInButton
              label="Googleで本人確認をする"
              callbackURL="/withdrawal?step=confirm"
              reauthenticate
            />
          </div>
        ))}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

export default function WithdrawalPage() {
  return <RequireUser>{(me) => <Withdrawal points={me.points} />}</RequireUser>;
}
