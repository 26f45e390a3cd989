import { type AdImage, formatPoints } from '@quiz-points/shared';
import { AdBanner, AdBannerPlaceholder, CARD_SIZES } from './ad-banner.tsx';

/** What the top of an ad shows; the points are null while the advertiser's pricing is loading. */
export interface AdIntroContent {
  image: AdImage | null;
  adProvider: string;
  adTitle: string;
  userReward: number | null;
}

/**
 * The top of an ad as members see it, on its card in the list and on its quiz page (and in the
 * advertiser's preview of both): its banner, who it is from, its title and what a right answer earns
 * (`rewardNote` after it). The title is the page's heading on the quiz page (h1), a card's heading
 * in the list (h3), plain text in a preview.
 */
export function AdIntro({
  ad,
  titleAs,
  rewardNote = '',
}: {
  ad: AdIntroContent;
  titleAs: 'h1' | 'h3' | 'p';
  rewardNote?: string;
}) {
  const Title = titleAs;
  return (
    <>
      {ad.image ? (
        <AdBanner image={ad.image} title={ad.adTitle} sizes={titleAs === 'h3' ? CARD_SIZES : undefined} />
      ) : (
        <AdBannerPlaceholder provider={ad.adProvider} />
      )}
      <p className="ad-card__provider">{ad.adProvider}</p>
      <Title className={titleAs === 'h1' ? 'page-title' : 'ad-card__title'}>{ad.adTitle}</Title>
      <p className="ad-card__reward">
        正解で <strong>{ad.userReward === null ? '―' : formatPoints(ad.userReward)}</strong>
        {rewardNote}
      </p>
    </>
  );
}
