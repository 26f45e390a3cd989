import { messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { formatPassbookTime } from '../../../lib/format.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireAdmin } from './require-admin.tsx';

interface RewardCheckRow {
  adId: string | null;
  adTitle: string | null;
  dailyQuizId: string | null;
  answeredAt: string | null;
  isCorrect: boolean | null;
  rewardGiven: boolean;
  pointsAwarded: number;
}

const orMissing = (value: string | null | undefined) => value ?? messages.fieldMissing;

function RewardCheck() {
  useDocumentTitle('報酬確認');
  const [email, setEmail] = useState('');
  const [rows, setRows] = useState<RewardCheckRow[] | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRows(null);
    if (!email.trim()) return setError(messages.emailRequired);
    setError('');
    setPending(true);
    try {
      const data = await apiFetch<{ responses: RewardCheckRow[] }>(
        `/api/admin/reward-check?email=${encodeURIComponent(email)}`,
      );
      setRows(data.responses);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500 && failure.status > 0
          ? failure.message
          : messages.genericError,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="page">
      <h1 className="page-title">報酬確認</h1>
      <form onSubmit={submit} noValidate className="field">
        <label htmlFor="reward-email" className="field__label">
          メールアドレス
        </label>
        <div className="materials-form__row">
          <input
            id="reward-email"
            type="email"
            className="input"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button" disabled={pending}>
            {pending ? uiText.sending : '確認する'}
          </button>
        </div>
      </form>
      <FormError text={error} />
      {rows && (
        <ul className="ad-list">
          {rows.map((row) => (
            <li key={`${row.adId ?? row.dailyQuizId}`} className="card" data-testid="reward-row">
              <p className="ad-card__title">
                {row.dailyQuizId ? `デイリークイズ ${row.dailyQuizId}` : orMissing(row.adTitle)}
              </p>
              <p className="note">
                回答日時：{row.answeredAt ? formatPassbookTime(row.answeredAt) : messages.fieldMissing}
              </p>
              <p className="note">
                結果：{row.isCorrect === null ? messages.fieldMissing : row.isCorrect ? '正解' : '不正解'} ／
                報酬：
                {row.rewardGiven ? `付与済み（${row.pointsAwarded} Pt）` : '未付与'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function RewardCheckPage() {
  return <RequireAdmin>{() => <RewardCheck />}</RequireAdmin>;
}
