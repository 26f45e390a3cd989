import { type AdListItem, type AdListPage, messages } from '@quiz-points/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AdIntro } from '../../../components/ui/ad-intro.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { AdCardSkeletons } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useClickAd } from '../api/click-ad.ts';
import { useAds } from '../api/list-ads.ts';
import { useAnsweredAds } from '../api/list-answered-ads.ts';

const waitSeconds = clientConfig.adWaitSeconds;
const endsAtOf = (ad: AdListItem) =>
  ad.clickedAt ? new Date(ad.clickedAt).getTime() + waitSeconds * 1000 : null;

/**
 * An ad whose opening was refused (SPEC §4: it leaves the list), said at the top of the list with its
 * title and why, so the member sees what became of the card they tapped.
 */
function RefusedAd({ ad, reason }: { ad: AdListItem; reason: string }) {
  return (
    <li className="card ad-card--refused" role="alert">
      <p className="ad-card__title">{ad.adTitle}</p>
      <p className="note">{reason}</p>
    </li>
  );
}

/** An ad's card; one the person answered shows only that, one they may answer its actions. */
function AdCard({
  ad,
  busy = false,
  onOpen,
}: {
  ad: AdListItem;
  busy?: boolean;
  onOpen?: (ad: AdListItem) => void;
}) {
  const endsAt = endsAtOf(ad);
  const remaining = useCountdown(endsAt);
  const opened = ad.clickedAt !== null;
  return (
    <li className="card ad-card" id={`ad-${ad.id}`}>
      <AdIntro ad={ad} titleAs="h3" />
      {ad.answered ? (
        <p className="badge">回答済み</p>
      ) : (
        <>
          {!opened && <p className="ad-card__wait">{waitSeconds}秒見てクイズに挑戦</p>}
          <div className="ad-card__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onOpen?.(ad)}
            >
              {opened ? '広告ページをもう一度開く' : '広告を見る'}
            </button>
            {opened && remaining === 0 ? (
              <Link to={`/quiz/${ad.id}`} className="button">
                クイズに挑戦する
              </Link>
            ) : (
              <button type="button" className="button" disabled>
                クイズに挑戦する
              </button>
            )}
          </div>
          {opened && <Countdown remaining={remaining} total={waitSeconds} started />}
        </>
      )}
    </li>
  );
}

type AdPages = UseInfiniteQueryResult<InfiniteData<AdListPage>>;
const loadedAds = (data: InfiniteData<AdListPage>) => data.pages.flatMap((page) => page.ads);

/** One list of ads loaded a page at a time: its states, its cards, and もっと見る once it has pages. */
function PagedAds({
  query,
  label,
  empty,
  card,
}: {
  query: AdPages;
  label?: string;
  empty: string;
  card: (ad: AdListItem) => ReactNode;
}) {
  return (
    <>
      <QueryList query={query} items={loadedAds} label={label} empty={empty} loading={<AdCardSkeletons />}>
        {card}
      </QueryList>
      {query.data && (query.hasNextPage || query.data.pages.length > 1) && (
        <LoadMore
          query={query}
          shown={loadedAds(query.data).length}
          endNote="（これ以上の広告はありません）"
          failedMessage={messages.loadFailed}
          block="ad-list"
        />
      )}
    </>
  );
}

/**
 * SPEC §2/§4: the ad list: the ads the person may still answer; the ones they answered only while
 * the box asks for them (fetched then, not before). Opening an ad records the click on the server
 * and starts the wait.
 */
export function AdList() {
  const [showAnswered, setShowAnswered] = useState(false);
  return (
    <section aria-labelledby="ads-title">
      <div className="ad-list__header">
        <h2 id="ads-title">広告一覧</h2>
        <label className="choice">
          <input
            type="checkbox"
            checked={showAnswered}
            onChange={(event) => setShowAnswered(event.target.checked)}
          />
          回答済みの広告も表示
        </label>
      </div>
      <AvailableAds />
      {showAnswered && <AnsweredAds />}
    </section>
  );
}

function AnsweredAds() {
  return (
    <section aria-labelledby="answered-ads-title">
      <h3 id="answered-ads-title" className="ad-list__subtitle">
        回答済みの広告
      </h3>
      <PagedAds
        query={useAnsweredAds()}
        empty="回答済みの広告はまだありません。"
        card={(ad) => <AdCard ad={ad} />}
      />
    </section>
  );
}

/**
 * Home reached as /#ad-<id> (次の広告へ on a quiz result): once the list is in, that ad's card is
 * brought into view with its first button focused, ready to open.
 */
function useFocusAdOfHash(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash.startsWith('#ad-')) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    card?.scrollIntoView({ block: 'center' });
    card?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus({ preventScroll: true });
  }, [hash, loaded]);
}

function AvailableAds() {
  const query = useAds();
  useFocusAdOfHash(query.data !== undefined);
  const click = useClickAd();
  const [error, setError] = useState('');
  // Ads whose opening was refused, with why, until the member leaves the page.
  const [refused, setRefused] = useState<ReadonlyMap<string, { ad: AdListItem; reason: string }>>(new Map());

  const open = async (ad: AdListItem) => {
    setError('');
    // SPEC §4: one ad wait at a time. While another ad's 30 s run, say so and open nothing (the
    // server refuses such a click with the same message); once they are over, any ad opens.
    const now = Date.now();
    const ads = query.data ? loadedAds(query.data) : [];
    if (ads.some((other) => other.id !== ad.id && (endsAtOf(other) ?? 0) > now)) {
      setError(messages.alreadyWaiting);
      return;
    }
    // Open the tab now, while the click still counts as the user's gesture; point it at the ad once
    // the server has recorded the click.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    try {
      await click.mutateAsync(ad.id);
      if (tab) tab.location.href = ad.adUrl;
      else window.open(ad.adUrl, '_blank', 'noopener');
    } catch (failure) {
      tab?.close();
      const message = failure instanceof ApiError ? failure.message : messages.clickFailed;
      const reason = message === messages.networkFailed ? messages.clickFailed : message;
      // Another ad's wait is about that ad: said above the list. Any other refusal took this ad out.
      if (reason === messages.alreadyWaiting) setError(reason);
      else setRefused((current) => new Map(current).set(ad.id, { ad, reason }));
    }
  };

  return (
    <>
      <FormError text={error} />
      {refused.size > 0 && (
        <ul className="ad-list">
          {[...refused.values()].map(({ ad, reason }) => (
            <RefusedAd key={ad.id} ad={ad} reason={reason} />
          ))}
        </ul>
      )}
      <PagedAds
        query={query}
        empty="いま挑戦できる広告はありません。また後でご確認ください。"
        card={(ad) => <AdCard ad={ad} busy={click.isPending} onOpen={open} />}
      />
    </>
  );
}
