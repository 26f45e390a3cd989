import { type AdvertiserAdRow, runningAdMessages } from '@quiz-points/shared';
import { type ComponentType, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FormMessageValue } from '../../../components/ui/form-message.tsx';
import { RowMenu, RowMenuButton } from '../../../components/ui/row-menu.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useDuplicateAd } from '../api/duplicate-ad.ts';
import {
  type ActionDialogProps,
  DailyBudgetDialog,
  EndDeliveryDialog,
  PauseDialog,
  RaiseLimitDialog,
  ResumeDialog,
  SubmitDraftDialog,
} from './ad-action-dialogs.tsx';
import { refusalOr } from './submit-failure.ts';

const dialogs = {
  raise: RaiseLimitDialog,
  budget: DailyBudgetDialog,
  end: EndDeliveryDialog,
  pause: PauseDialog,
  resume: ResumeDialog,
  submit: SubmitDraftDialog,
} satisfies Record<string, ComponentType<ActionDialogProps>>;
type DialogName = keyof typeof dialogs;

/** Where an ad's own pages are: its report once approved, the form while it may be edited. */
export function adPageOf(ad: AdvertiserAdRow): { to: string; label: string } | null {
  if (ad.status === 'approved') return { to: `/advertiser/ads/${ad.id}/report`, label: 'レポート' };
  if (ad.status === 'draft') return { to: `/advertiser/edit-ad/${ad.id}`, label: '編集' };
  if (ad.status === 'rejected') return { to: `/advertiser/edit-ad/${ad.id}`, label: '修正して再申請' };
  return null;
}

/** The one action an ad most often needs now, beside its menu. */
function primaryOf(ad: AdvertiserAdRow): DialogName | 'resubmit' | null {
  switch (ad.state) {
    case 'draft':
      return 'submit';
    case 'rejected':
      return 'resubmit';
    case 'paused':
      return 'resume';
    case 'stopped':
      return 'raise';
    case 'pending':
      return null;
    default:
      return 'pause';
  }
}

const primaryLabels: Record<DialogName, string> = {
  submit: '審査に提出',
  resume: '再開',
  raise: '上限を変更',
  budget: '1日の上限を変更',
  pause: '一時停止',
  end: '配信を終了',
};

/**
 * A row's actions: the one it most often needs as a button (pause or resume, submit a
 * draft, raise a stopped ad's cap, correct a rejected one), the rest in its ⋯ menu — raise the cap,
 * change the daily budget, report, edit, duplicate and, last and apart, end delivery. Each that spends or stops opens its
 * confirmation (ad-action-dialogs.tsx); the outcome is said once, above the table (`onDone`).
 */
export function AdRowActions({
  ad,
  onDone,
}: {
  ad: AdvertiserAdRow;
  onDone: (outcome: FormMessageValue) => void;
}) {
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const primaryButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [returnTo, setReturnTo] = useState<'primary' | 'menu'>('primary');
  const duplicate = useDuplicateAd();
  const primary = primaryOf(ad);
  const page = adPageOf(ad);
  const approved = ad.status === 'approved';
  const title = `「${ad.adTitle}」`;

  const open = (name: DialogName, from: 'primary' | 'menu') => {
    setReturnTo(from);
    setDialog(name);
  };
  const copy = async () => {
    try {
      await duplicate.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: runningAdMessages.duplicated });
    } catch (failure) {
      onDone({ kind: 'error', text: refusalOr(failure, runningAdMessages.duplicateFailed) });
    }
  };
  const Dialog = dialog ? dialogs[dialog] : null;

  return (
    <div className="row-actions">
      {primary === 'resubmit' && page && (
        <Link className="button button--small" to={page.to}>
          {page.label}
        </Link>
      )}
      {primary !== null && primary !== 'resubmit' && (
        <button
          ref={primaryButton}
          type="button"
          className={primary === 'pause' ? 'button button--small button--secondary' : 'button button--small'}
          aria-label={`${primaryLabels[primary]}（${ad.adTitle}）`}
          onClick={() => open(primary, 'primary')}
        >
          {primaryLabels[primary]}
        </button>
      )}
      <RowMenu label={`${title}のその他の操作`} button={menuButton}>
        {(close) => (
          <ul className="row-menu__list">
            {/* SPEC §4: the cap of any submitted ad may be raised (a stopped one then delivers again). */}
            {(approved || ad.status === 'pending') && primary !== 'raise' && (
              <li>
                <RowMenuButton close={close} onChoose={() => open('raise', 'menu')}>
                  上限を変更
                </RowMenuButton>
              </li>
            )}
            {(approved || ad.status === 'pending') && (
              <li>
                <RowMenuButton close={close} onChoose={() => open('budget', 'menu')}>
                  1日の上限を変更
                </RowMenuButton>
              </li>
            )}
            {page && primary !== 'resubmit' && (
              <li>
                <Link className="row-menu__item" to={page.to}>
                  {page.label}
                </Link>
              </li>
            )}
            <li>
              <RowMenuButton close={close} onChoose={() => void copy()} disabled={duplicate.isPending}>
                {duplicate.isPending ? uiText.sending : '複製'}
              </RowMenuButton>
            </li>
            {approved && ad.isActive && (
              <li className="row-menu__separated">
                <RowMenuButton close={close} onChoose={() => open('end', 'menu')} danger>
                  配信を終了する
                </RowMenuButton>
              </li>
            )}
          </ul>
        )}
      </RowMenu>
      {Dialog && (
        <Dialog
          ad={ad}
          onDone={onDone}
          onClose={() => setDialog(null)}
          returnFocus={returnTo === 'primary' && primaryButton.current ? primaryButton : menuButton}
        />
      )}
    </div>
  );
}
