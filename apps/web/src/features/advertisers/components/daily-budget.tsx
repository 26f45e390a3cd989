import {
  type AdvertiserAd,
  dailyBudgetBody,
  dailyBudgetLabel,
  dailyBudgetMessages,
  dailyBudgetProblem,
  scheduleToday,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import type { FormMessageValue } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { fieldErrorId, useForm } from '../../../lib/use-form.ts';
import { useSetAdDailyBudget } from '../api/set-ad-daily-budget.ts';

/** Whether the ad's daily budget ran out today (Japan time): members do not see it until midnight. */
export const dailyBudgetReachedToday = (
  ad: Pick<AdvertiserAd, 'dailyBudget' | 'dailyBudgetReachedOn'>,
  today = scheduleToday(),
) => ad.dailyBudget !== null && ad.dailyBudgetReachedOn === today;

/** 1日の配信上限 30件, and when today's is used up, that the ad is back at midnight (issue 28). */
export function DailyBudgetNote({ ad }: { ad: AdvertiserAd }) {
  return (
    <p className="note" data-testid="ad-daily-budget">
      1日の配信上限 {dailyBudgetLabel(ad.dailyBudget)}
      {dailyBudgetReachedToday(ad) && '（本日分に達しました。日本時間の0時から配信を再開します）'}
    </p>
  );
}

/**
 * Sets, changes or removes (left empty) the ad's daily budget, running or not: a whole number up to
 * the cap. Today's deliveries count against a new budget at once.
 */
export function DailyBudgetChange({
  ad,
  onDone,
}: {
  ad: AdvertiserAd;
  onDone: (outcome: FormMessageValue) => void;
}) {
  const change = useSetAdDailyBudget();
  const form = useForm(dailyBudgetBody);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const inputId = `daily-budget-${ad.id}`;

  const start = () => {
    setValue(ad.dailyBudget === null ? '' : String(ad.dailyBudget));
    form.clear();
    setOpen(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    const body = form.validate({
      dailyBudget: text === '' ? null : /^[0-9]+$/.test(text) ? Number(text) : Number.NaN,
    });
    if (!body) return;
    const problem = dailyBudgetProblem({ ...body, maxDeliveries: ad.maxDeliveries });
    if (problem) return form.fail(problem.message, problem.field);
    try {
      await change.mutateAsync({ adId: ad.id, body });
      setOpen(false);
      onDone({ kind: 'ok', text: dailyBudgetMessages.changed });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) form.fail(failure.message, 'dailyBudget');
      else form.fail(dailyBudgetMessages.changeFailed);
    }
  };

  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={start}>
        1日の上限を変更
      </button>
    );
  }
  return (
    <form className="card limit-form" onSubmit={submit} onChange={form.clear} noValidate>
      <label htmlFor={inputId} className="field__label">
        1日の配信上限数（現在 {dailyBudgetLabel(ad.dailyBudget)}・空欄で上限なし）
      </label>
      <div className="ad-card__actions">
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={ad.maxDeliveries}
          step={1}
          className="input input--short"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          {...form.invalid('dailyBudget', { messageOf: inputId })}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? uiText.sending : '変更する'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          キャンセル
        </button>
      </div>
      {form.summary && (
        <p id={fieldErrorId(inputId)} role="alert" className="form-error">
          {form.summary}
        </p>
      )}
    </form>
  );
}
