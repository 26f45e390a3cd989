import {
  type AdvertiserAd,
  dailyBudgetMessages,
  messages,
  runningAdMessages,
  scheduleLabel,
  schedulePhase,
  scheduleToday,
} from '@quiz-points/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import type { FormMessageValue } from '../../../components/ui/form-message.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useDuplicateAd } from '../api/duplicate-ad.ts';
import { usePauseAd } from '../api/pause-ad.ts';
import { useResumeAd } from '../api/resume-ad.ts';
import { useSubmitDraft } from '../api/submit-draft.ts';
import { dailyBudgetReachedToday } from './daily-budget.tsx';
import { cardRequiredState } from './navigation-state.ts';
import { isCardRequired, refusalOr } from './submit-failure.ts';

type Done = (outcome: FormMessageValue) => void;

/**
 * Where an approved ad stands for members today (issue 17): ended (the cap or its advertiser),
 * paused, held for another reason (a failed payment, a suspension), before or after its window, done
 * for today (its daily budget, issue 28), or delivering.
 */
export function deliveryBadge(
  ad: Pick<
    AdvertiserAd,
    'isActive' | 'holds' | 'startDate' | 'endDate' | 'dailyBudget' | 'dailyBudgetReachedOn'
  >,
  today = scheduleToday(),
) {
  if (!ad.isActive) return { label: '停止中', className: 'badge' };
  if (ad.holds.includes('paused')) return { label: '一時停止中', className: 'badge badge--pending' };
  if (ad.holds.length > 0) return { label: '配信保留中', className: 'badge badge--rejected' };
  const phase = schedulePhase(ad, today);
  if (phase === 'before') return { label: '配信開始前', className: 'badge badge--pending' };
  if (phase === 'after') return { label: '配信期間終了', className: 'badge' };
  if (dailyBudgetReachedToday(ad, today)) {
    return { label: dailyBudgetMessages.reachedToday, className: 'badge badge--pending' };
  }
  return { label: '配信中', className: 'badge badge--issued' };
}

/** 配信期間 2026/12/01〜2026/12/31, when the ad has a window. */
export function ScheduleNote({ ad }: { ad: AdvertiserAd }) {
  const label = scheduleLabel(ad);
  if (!label) return null;
  return <p className="note">配信期間 {label}（日本時間）</p>;
}

/** Pause after an in-page confirmation; resume at once (issue 17). The cap is untouched either way. */
export function PauseResume({ ad, onDone }: { ad: AdvertiserAd; onDone: Done }) {
  const pause = usePauseAd();
  const resume = useResumeAd();
  const [confirming, setConfirming] = useState(false);

  const act = async (paused: boolean) => {
    try {
      await (paused ? pause : resume).mutateAsync(ad.id);
      onDone({ kind: 'ok', text: paused ? runningAdMessages.paused : runningAdMessages.resumed });
    } catch (failure) {
      const fallback = paused ? runningAdMessages.pauseFailed : runningAdMessages.resumeFailed;
      onDone({ kind: 'error', text: refusalOr(failure, fallback) });
    }
    setConfirming(false);
  };

  if (ad.holds.includes('paused')) {
    return (
      <button type="button" className="button" disabled={resume.isPending} onClick={() => void act(false)}>
        {resume.isPending ? uiText.sending : '再開する'}
      </button>
    );
  }
  if (!confirming) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        一時停止
      </button>
    );
  }
  return (
    <ConfirmStep
      question={runningAdMessages.pauseConfirm}
      confirmLabel="一時停止する"
      cancelLabel="キャンセル"
      cancelWhilePending
      pending={pause.isPending}
      onConfirm={() => void act(true)}
      onCancel={() => setConfirming(false)}
    />
  );
}

/** A draft's actions: edit it, or send it for review as saved (a card is needed, SPEC §6). */
export function DraftActions({ ad, onDone }: { ad: AdvertiserAd; onDone: Done }) {
  const submit = useSubmitDraft();
  const navigate = useNavigate();
  const send = async () => {
    try {
      await submit.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: messages.adSubmitted });
    } catch (failure) {
      if (isCardRequired(failure)) {
        navigate('/advertiser/card-setup', { state: cardRequiredState });
        return;
      }
      onDone({ kind: 'error', text: refusalOr(failure, runningAdMessages.submitFailed) });
    }
  };
  return (
    <>
      <Link className="button button--secondary" to={`/advertiser/edit-ad/${ad.id}`}>
        編集
      </Link>
      <button type="button" className="button" disabled={submit.isPending} onClick={() => void send()}>
        {submit.isPending ? uiText.sending : '審査に提出'}
      </button>
    </>
  );
}

/** 複製: a new draft with this ad's content, shown at the top of the list. */
export function DuplicateAd({ ad, onDone }: { ad: AdvertiserAd; onDone: Done }) {
  const duplicate = useDuplicateAd();
  const copy = async () => {
    try {
      await duplicate.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: runningAdMessages.duplicated });
    } catch (failure) {
      onDone({ kind: 'error', text: refusalOr(failure, runningAdMessages.duplicateFailed) });
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={duplicate.isPending}
      onClick={() => void copy()}
    >
      {duplicate.isPending ? uiText.sending : '複製'}
    </button>
  );
}
