import {
  type AdBulkAction,
  type AdListSort,
  type AdvertiserAdRow,
  type AdvertiserAdsPage,
  dailyBudgetMessages,
  formatNumber,
  formatYen,
  japanIsoDate,
  scheduleLabel,
} from '@quiz-points/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FormMessageValue } from '../../../components/ui/form-message.tsx';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { formatDay } from '../../../lib/format.ts';
import { targetingParts } from '../../../lib/targeting-labels.ts';
import { BulkDialog } from './ad-action-dialogs.tsx';
import { AdRowActions, adPageOf } from './ad-row-actions.tsx';
import { adStateBadges, dailyBudgetReachedToday } from './ad-state.ts';
import type { AdsTableParams } from './ads-table-params.ts';

/** The table's sortable columns, in their order: what each heading says and how its figures align. */
const columns: readonly { sort: AdListSort; label: string; number?: true; note?: string }[] = [
  { sort: 'title', label: '広告' },
  { sort: 'status', label: 'ステータス' },
  { sort: 'spend', label: 'ご利用金額', note: '（税抜）', number: true },
  { sort: 'deliveries', label: '配信数 / 上限', number: true },
  { sort: 'answers', label: '回答数', number: true },
  { sort: 'correctRate', label: '正答率', number: true },
  { sort: 'window', label: '配信期間' },
  { sort: 'created', label: '作成日' },
];
const labelOf = (sort: AdListSort) => {
  const column = columns.find((c) => c.sort === sort)!;
  return `${column.label}${column.note ?? ''}`;
};

/** 66.7%, or ― with no answers to count. */
const correctRateText = (correct: number, answers: number) =>
  answers === 0 ? '―' : `${Math.round((correct / answers) * 1000) / 10}%`;

/** Who an ad is aimed at, in a line: 全員 when at no one in particular. */
function targetingText(ad: AdvertiserAdRow) {
  const parts = targetingParts(ad, { chosenOnly: true });
  return parts.length === 0 ? '配信対象：全員' : `配信対象 ${parts.join(' ／ ')}`;
}

function SortHeading({
  sort,
  params,
  onSort,
}: {
  sort: AdListSort;
  params: AdsTableParams;
  onSort: (sort: AdListSort) => void;
}) {
  const active = params.sort === sort;
  const column = columns.find((c) => c.sort === sort)!;
  return (
    <th
      scope="col"
      className={column.number ? 'cell-number' : undefined}
      aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className={active ? 'sort-button is-active' : 'sort-button'}
        onClick={() => onSort(sort)}
      >
        <span>
          {column.label}
          {column.note && <span className="sort-button__note">{column.note}</span>}
        </span>
        <span className="sort-button__icon" aria-hidden="true">
          {active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

function AdRow({
  ad,
  selected,
  onSelect,
  onDone,
}: {
  ad: AdvertiserAdRow;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDone: (outcome: FormMessageValue) => void;
}) {
  const badge = adStateBadges[ad.state];
  const page = adPageOf(ad);
  const share = ad.maxDeliveries === 0 ? 0 : Math.min(100, (ad.deliveryCount / ad.maxDeliveries) * 100);
  const price = `${ad.status === 'draft' ? '単価の目安' : '単価'} ${formatYen(ad.unitPrice)}`;
  const details = `${ad.adProvider}・${price}・${targetingText(ad)}`;
  return (
    <tr id={`ad-${ad.id}`} className={selected ? 'is-selected' : undefined} data-testid="advertiser-ad">
      <td className="cell-select">
        <input
          type="checkbox"
          className="table-check"
          checked={selected}
          aria-label={`「${ad.adTitle}」を選択`}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </td>
      <th scope="row" className="cell-title">
        {page ? (
          <Link className="cell-title__link" to={page.to}>
            {ad.adTitle}
          </Link>
        ) : (
          <span className="cell-title__link">{ad.adTitle}</span>
        )}
        <span className="cell-sub" title={details}>
          {details}
        </span>
        {ad.status === 'rejected' && ad.rejectionReason && (
          <span className="cell-reason">却下理由：{ad.rejectionReason}</span>
        )}
      </th>
      <td data-label="ステータス" className="cell-state">
        <span className={badge.className}>{badge.label}</span>
        {ad.state === 'delivering' && dailyBudgetReachedToday(ad) && (
          <span className="badge badge--pending">{dailyBudgetMessages.reachedToday}</span>
        )}
      </td>
      <td data-label={labelOf('spend')} className="cell-number" data-testid="ad-spend">
        {formatYen(ad.spend)}
      </td>
      <td data-label={labelOf('deliveries')} className="cell-number" data-testid="ad-deliveries">
        {formatNumber(ad.deliveryCount)} / {formatNumber(ad.maxDeliveries)}件
        <span className="mini-bar" aria-hidden="true">
          <span className="mini-bar__fill" style={{ width: `${share}%` }} />
        </span>
        {ad.dailyBudget !== null && (
          <span className="cell-sub" data-testid="ad-daily-budget">
            1日 {formatNumber(ad.dailyBudget)}件まで
          </span>
        )}
      </td>
      <td data-label={labelOf('answers')} className="cell-number">
        {formatNumber(ad.answers)}件
      </td>
      <td data-label={labelOf('correctRate')} className="cell-number">
        {correctRateText(ad.correct, ad.answers)}
      </td>
      <td data-label={labelOf('window')} className="cell-window">
        {scheduleLabel(ad) ?? '指定なし'}
      </td>
      <td data-label={labelOf('created')} className="cell-date">
        {formatDay(japanIsoDate(new Date(ad.createdAt)))}
      </td>
      <td className="cell-actions">
        <AdRowActions ad={ad} onDone={onDone} />
      </td>
    </tr>
  );
}

/** Which of the chosen ads an action applies to: approved ones not yet so. */
const canPause = (ad: AdvertiserAdRow) => ad.status === 'approved' && !ad.holds.includes('paused');
const canResume = (ad: AdvertiserAdRow) => ad.status === 'approved' && ad.holds.includes('paused');

/** The ads chosen on this page and what can be done to them at once. */
function BulkBar({
  chosen,
  onClear,
  onDone,
}: {
  chosen: readonly AdvertiserAdRow[];
  onClear: () => void;
  onDone: (outcome: FormMessageValue) => void;
}) {
  const [action, setAction] = useState<AdBulkAction | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const pausable = chosen.filter(canPause);
  const resumable = chosen.filter(canResume);
  const targets = action === 'pause' ? pausable : resumable;
  const open = (next: AdBulkAction, button: HTMLButtonElement) => {
    opener.current = button;
    setAction(next);
  };
  return (
    <fieldset className="bulk-bar">
      <legend className="visually-hidden">選んだ広告をまとめて操作</legend>
      <span className="bulk-bar__count" aria-live="polite">
        {chosen.length === 0 ? '広告を選ぶと、まとめて一時停止・再開できます' : `${chosen.length}件を選択中`}
      </span>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={pausable.length === 0}
        onClick={(event) => open('pause', event.currentTarget)}
      >
        一時停止{pausable.length > 0 && `（${pausable.length}件）`}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={resumable.length === 0}
        onClick={(event) => open('resume', event.currentTarget)}
      >
        再開{resumable.length > 0 && `（${resumable.length}件）`}
      </button>
      {chosen.length > 0 && (
        <button type="button" className="button button--small button--text" onClick={onClear}>
          選択を解除
        </button>
      )}
      {action && (
        <BulkDialog
          action={action}
          ads={targets}
          skipped={chosen.length - targets.length}
          onDone={(outcome, succeeded) => {
            onDone(outcome);
            if (succeeded) onClear();
          }}
          onClose={() => setAction(null)}
          returnFocus={opener}
        />
      )}
    </fieldset>
  );
}

/**
 * The ads of one page as a table: chosen by a box each (or all of the page's), sorted by a
 * column's heading, each row with its figures, its state and its actions. From 640 px of room it is a
 * table; narrower, each row is a card with the same cells, labelled (styles.css).
 */
export function AdsTable({
  data,
  params,
  onSort,
  onDone,
}: {
  data: AdvertiserAdsPage;
  params: AdsTableParams;
  onSort: (sort: AdListSort) => void;
  onDone: (outcome: FormMessageValue) => void;
}) {
  const [chosenIds, setChosenIds] = useState<ReadonlySet<string>>(new Set());
  const all = useRef<HTMLInputElement>(null);
  const rows = data.ads;
  const chosen = rows.filter((ad) => chosenIds.has(ad.id));
  const first = (data.page - 1) * data.pageSize + 1;
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen.length > 0 && chosen.length < rows.length;
  }, [chosen.length, rows.length]);
  const choose = (ids: readonly string[], on: boolean) =>
    setChosenIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <>
      <BulkBar chosen={chosen} onClear={() => setChosenIds(new Set())} onDone={onDone} />
      <ScrollTable label="広告一覧">
        <table className="ads-table">
          <caption className="visually-hidden">
            広告一覧（{formatNumber(data.total)}件中 {formatNumber(first)}〜
            {formatNumber(first + rows.length - 1)}件目、{labelOf(params.sort)}の
            {params.order === 'asc' ? '昇順' : '降順'}）
          </caption>
          <thead>
            <tr>
              <th scope="col" className="cell-select">
                <input
                  ref={all}
                  type="checkbox"
                  className="table-check"
                  checked={rows.length > 0 && chosen.length === rows.length}
                  aria-label="このページの広告をすべて選択"
                  onChange={(event) =>
                    choose(
                      rows.map((ad) => ad.id),
                      event.target.checked,
                    )
                  }
                />
              </th>
              {columns.map((column) => (
                <SortHeading key={column.sort} sort={column.sort} params={params} onSort={onSort} />
              ))}
              <th scope="col" className="cell-actions">
                操作
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((ad) => (
              <AdRow
                key={ad.id}
                ad={ad}
                selected={chosenIds.has(ad.id)}
                onSelect={(on) => choose([ad.id], on)}
                onDone={onDone}
              />
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}
