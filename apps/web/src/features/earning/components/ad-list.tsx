import { type AdListItem, formatPoints, messages } from '@quiz-points/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { ApiError } from '../../../lib/api.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useClickAd } from '../api/click-ad.ts';
import { useAds } from '../api/list-ads.ts';

const waitSeconds = clientConfig.adWaitSeconds;
const endsAtOf = (ad: AdListItem) =>
  ad.clickedAt ? new Date(ad.clickedAt).getTime() + waitSeconds * 1000 : null;

function AdCard({ ad, busy, onOpen }: { ad: AdListItem; busy: boolean; onOpen: (ad: AdListItem) => void }) {
  const endsAt = endsAtOf(ad);
  const remaining = useCountdown(endsAt);
  const opened = ad.clickedAt !== null;
  return (
    <li className="card ad-card">
      <p className="ad-card__provider">{ad.adProvider}</p>
      <h3 className="ad-card__title">{ad.adTitle}</h3>
      <p className="ad-card__reward">
        正解で <strong>{formatPoints(ad.userReward)}</strong>
      </p>
      {ad.answered ? (
        <p className="badge">回答済み</p>
      ) : (
        <>
          <div className="ad-card__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onOpen(ad)}
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

/** SPEC §2/§4: the ad list; opening an ad records the click on the server and starts the wait. */
export function AdList() {
  const query = useAds();
  return <QueryContent query={query}>{(data) => <Ads ads={data.ads} />}</QueryContent>;
}

function Ads({ ads }: { ads: AdListItem[] }) {
  const click = useClickAd();
  const [showAnswered, setShowAnswered] = useState(false);
  const [error, setError] = useState('');

  const visible = ads.filter((ad) => showAnswered || !ad.answered);

  const open = async (ad: AdListItem) => {
    setError('');
    // SPEC §4: one ad wait at a time. While another ad's 30 s run, say so and open nothing (the
    // server refuses such a click with the same message); once they are over, any ad opens.
    const now = Date.now();
    if (ads.some((other) => other.id !== ad.id && !other.answered && (endsAtOf(other) ?? 0) > now)) {
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
      setError(message === messages.networkFailed ? messages.clickFailed : message);
    }
  };

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
      <FormError text={error} />
      {visible.length === 0 ? (
        <p className="card">いま挑戦できる広告はありません。また後でご確認ください。</p>
      ) : (
        <ul className="ad-list">
          {visible.map((ad) => (
            <AdCard key={ad.id} ad={ad} busy={click.isPending} onOpen={open} />
          ))}
        </ul>
      )}
    </section>
  );
}
