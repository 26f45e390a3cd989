import { formatPoints, messages, rewardCheckQuery } from '@quiz-points/shared';
import { useState } from 'react';
import { emailLine, InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRewardChecks } from '../api/check-rewards.ts';

const orMissing = (value: string | null | undefined) => value ?? messages.fieldMissing;

/** The server's own refusal (no such person, a malformed address); anything else the generic message. */
const failureText = (failure: unknown) =>
  failure instanceof ApiError && failure.status < 500 && failure.status > 0
    ? failure.message
    : messages.genericError;

export default function RewardCheckPage() {
  useDocumentTitle('報酬確認');
  const [checked, setChecked] = useState<string | null>(null);
  const query = useRewardChecks(checked);
  const email = useInlineForm({
    schema: rewardCheckQuery,
    field: 'email',
    onValid: (body) => {
      setChecked(body.email);
      if (body.email === checked) void query.refetch();
    },
    onInvalid: () => setChecked(null),
  });
  // The look-up's own failure shows where the schema's refusal would.
  const refusal = email.form.summary || (query.isError && !query.isFetching ? failureText(query.error) : '');

  return (
    <div className="page">
      <h1 className="page-title">報酬確認</h1>
      <InlineForm
        id="reward-email"
        className="field"
        {...emailLine}
        {...email.props}
        buttonLabel="確認する"
        pending={query.isFetching}
        error={refusal}
        invalid={refusal !== ''}
      />
      {checked !== null && query.isSuccess && !query.isFetching && (
        <ul className="ad-list">
          {query.data.responses.map((row) => (
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
                {row.rewardGiven ? `付与済み（${formatPoints(row.pointsAwarded)}）` : '未付与'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
