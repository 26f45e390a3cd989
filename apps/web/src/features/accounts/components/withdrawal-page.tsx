import { formatPoints, messages } from '@quiz-points/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { GoogleSignInButton, useSignedInUser } from '../../auth/index.ts';
import { useWithdrawAccount } from '../api/withdraw-account.ts';

/** SPEC §4 Withdrawal: confirm, sign in with Google again, then withdraw. */
export default function WithdrawalPage() {
  useDocumentTitle('退会');
  const { points } = useSignedInUser();
  const [params] = useSearchParams();
  const reauthenticated = params.get('step') === 'confirm';
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const withdrawal = useWithdrawAccount();

  const withdraw = () => {
    setError('');
    withdrawal.mutate(undefined, {
      onError: (failure) => {
        const reauthRequired = failure instanceof ApiError && failure.code === 'REAUTH_REQUIRED';
        setError(reauthRequired ? failure.message : messages.withdrawalFailed);
        // The sign-in was too long ago: back to the step that offers the Google button again.
        if (reauthRequired) navigate('/withdrawal', { replace: true });
      },
    });
  };
  const pending = withdrawal.isPending || withdrawal.isSuccess;

  return (
    <div className="page form-page">
      <h1 className="page-title">退会</h1>
      <div className="card notice">
        <p>退会すると、保有している {formatPoints(points)} はすべて失効し、払い戻しはできません。</p>
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
      <FormError text={error} />
    </div>
  );
}
