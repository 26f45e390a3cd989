import { messages } from '@quiz-points/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCompleteCardSetup } from '../api/complete-card-setup.ts';
import { useStartCardSetup } from '../api/start-card-setup.ts';
import { useSignedInAdvertiser } from '../hooks/use-signed-in-advertiser.ts';
import type { cardRequiredState } from './navigation-state.ts';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';

const failureText = (failure: unknown) =>
  failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.cardSetupFailed;

export default function CardSetupPage() {
  const advertiser = useSignedInAdvertiser();
  useDocumentTitle('カード登録');
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const start = useStartCardSetup();
  const complete = useCompleteCardSetup();
  const [error, setError] = useState('');
  const completing = useRef(false);

  // Back from the checkout: record the setup once, then drop the id from the address.
  useEffect(() => {
    if (!sessionId || completing.current) return;
    completing.current = true;
    complete.mutate(sessionId, {
      onError: (failure) => setError(failureText(failure)),
      onSettled: () => setSearchParams({}, { replace: true }),
    });
  }, [sessionId, complete, setSearchParams]);

  const startSetup = async () => {
    setError('');
    try {
      const { url } = await start.mutateAsync();
      window.location.assign(url);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const cardRequired = (location.state as typeof cardRequiredState | null)?.cardRequired === true;
  const { card } = advertiser;

  return (
    <div className="page">
      <h1 className="page-title">カード登録</h1>
      {cardRequired && !advertiser.cardRegistered && (
        <p role="alert" className="form-error">
          {messages.cardRequired}
        </p>
      )}
      {!advertiser.isAdmin && !complete.isPending && <PaymentFailedBanner showCardLink={false} />}
      {complete.isPending && <Loading />}
      {complete.isSuccess && (
        <div className="card notice">
          <p role="status" className="form-success">
            {messages.cardRegistered}
          </p>
          <Link className="button button--wide" to="/advertiser/create-ad">
            広告を作成する
          </Link>
        </div>
      )}
      <section className="card" aria-labelledby="card-status-title">
        <h2 id="card-status-title">登録中のカード</h2>
        {advertiser.cardRegistered ? (
          <p data-testid="card-status">
            {card?.brand ? card.brand.toUpperCase() : 'カード'}
            {card?.last4 ? ` •••• ${card.last4}` : ''}（登録済み）
          </p>
        ) : (
          <p data-testid="card-status">まだカードが登録されていません。</p>
        )}
        <p className="note">
          広告の配信料金は、毎月末締め・翌月5日に登録したカードでお支払いいただきます。カード情報は決済代行会社が管理し、当サービスには保存されません。
        </p>
        {advertiser.isAdmin && <p className="note">運営アカウントはカードの登録なしで広告を作成できます。</p>}
        <FormError text={error} />
        {!advertiser.isAdmin && (
          <button
            type="button"
            className={
              advertiser.cardRegistered ? 'button button--secondary button--wide' : 'button button--wide'
            }
            disabled={start.isPending || complete.isPending}
            onClick={() => void startSetup()}
          >
            {start.isPending
              ? uiText.sending
              : advertiser.cardRegistered
                ? 'カードを変更する'
                : 'カードを登録する'}
          </button>
        )}
      </section>
      <p className="page-links">
        <Link to="/advertiser">ダッシュボードへ戻る</Link>
      </p>
    </div>
  );
}
