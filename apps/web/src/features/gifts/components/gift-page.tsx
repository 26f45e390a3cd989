import {
  formatPoints,
  formatYen,
  GIFT_MINIMUM_POINTS,
  giftCodeMessages,
  type Me,
  messages,
  type OfferedGiftType,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireVerifiedPhone } from '../../auth/index.ts';
import { useGiftTypes } from '../api/list-gift-types.ts';
import { useRequestGift } from '../api/request-gift.ts';

function GiftForm({ me, giftTypes, refetch }: { me: Me; giftTypes: OfferedGiftType[]; refetch: () => void }) {
  const navigate = useNavigate();
  const request = useRequestGift();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState('');

  const options = giftTypes.flatMap((type) =>
    type.amounts.map((points) => ({
      key: `${type.id}:${points}`,
      type,
      points,
      instant: type.instantAmounts.includes(points),
    })),
  );
  const selected = options.find((option) => option.key === choice);
  const canExchange = me.points >= GIFT_MINIMUM_POINTS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return setError(messages.giftAmountInvalid);
    setError('');
    try {
      const created = await request.mutateAsync({ giftType: selected.type.id, points: selected.points });
      const notice = created.status === 'issued' ? giftCodeMessages.issuedNow : messages.giftRequested;
      navigate('/exchange-history', { state: { notice } });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'PHONE_REQUIRED') {
        navigate('/sms-verification', { state: { notice: messages.giftNeedsPhone } });
        return;
      }
      if (failure instanceof ApiError && failure.code === 'NETWORK') return setError(messages.giftRetry);
      // SPEC §8: the server's message (or the generic one), then reload the figures.
      setError(failure instanceof ApiError && failure.message ? failure.message : messages.giftRequestFailed);
      refetch();
    }
  };

  return (
    <form className="page form-page" onSubmit={submit} noValidate>
      <h1 className="page-title">ポイント交換</h1>
      <p className="card points-card">
        保有ポイント <strong data-testid="gift-balance">{formatPoints(me.points)}</strong>
      </p>
      <fieldset className="field">
        <legend className="field__label">交換するギフト</legend>
        {options.map((option) => {
          // Above the balance: shown, but plainly out of reach, with how far there is to go.
          const short = option.points - me.points;
          return (
            <label key={option.key} className={short > 0 ? 'quiz-option is-unavailable' : 'quiz-option'}>
              <input
                type="radio"
                name="gift"
                value={option.key}
                checked={choice === option.key}
                disabled={short > 0}
                onChange={() => setChoice(option.key)}
              />
              <span>
                {option.type.label} {formatYen(option.points)}分（{formatPoints(option.points)}）
                {option.instant && <span className="badge badge--issued">すぐに発行</span>}
              </span>
              {short > 0 && <span className="gift-option__short">あと {formatPoints(short)}</span>}
            </label>
          );
        })}
      </fieldset>
      <FormError text={error} />
      <SubmitButton pending={request.isPending} disabled={!canExchange}>
        交換を申請する
      </SubmitButton>
      {!canExchange && <p className="field__hint">{formatPoints(GIFT_MINIMUM_POINTS)}以上で交換できます。</p>}
      <section className="card">
        <h2>交換のルール</h2>
        <ul>
          <li>
            1 Pt＝1円として、{formatPoints(GIFT_MINIMUM_POINTS)}から交換できます。手数料はかかりません。
          </li>
          <li>
            「すぐに発行」の金額は、申請と同時にギフトコードを発行します。それ以外は申請から3営業日以内にメールでお送りします。どちらも交換履歴で確認できます。
          </li>
          <li>ポイントに有効期限はありません。</li>
        </ul>
        <Link to="/exchange-history">交換履歴を見る</Link>
      </section>
    </form>
  );
}

export default function GiftPage() {
  useDocumentTitle('ポイント交換');
  return (
    <RequireVerifiedPhone notice={messages.giftNeedsPhone}>
      {(me) => <GiftTypes me={me} />}
    </RequireVerifiedPhone>
  );
}

function GiftTypes({ me }: { me: Me }) {
  const query = useGiftTypes();
  return (
    <QueryContent query={query}>
      {(data) => <GiftForm me={me} giftTypes={data.giftTypes} refetch={() => void query.refetch()} />}
    </QueryContent>
  );
}
