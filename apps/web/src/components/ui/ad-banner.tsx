import { type AdImage, adImageFallback, adImageSrcSet } from '@quiz-points/shared';

/** The member's column is at most 720 px wide (--content-max-width); narrower, the whole screen. */
const SIZES = '(min-width: 720px) 720px, 100vw';
/** A card in the ad list: two to a row from 640 px (styles.css `.ad-list`), one below. */
export const CARD_SIZES = '(min-width: 720px) 344px, (min-width: 640px) 50vw, 100vw';

/**
 * An ad's banner image in a box of one fixed shape (styles.css `.ad-banner`, 1.91 : 1),
 * so the card does not move when it arrives: the browser picks the file for its width (srcset),
 * loads it only near the screen, and the ad's title says what it shows.
 */
export function AdBanner({
  image,
  title,
  eager = false,
  sizes = SIZES,
}: {
  image: AdImage;
  title: string;
  /** The width it is shown at, for the browser's choice of file (the full column unless said). */
  sizes?: string;
  /** Load at once (a file just chosen, shown where it was chosen). */
  eager?: boolean;
}) {
  return (
    <div className="ad-banner">
      <img
        src={adImageFallback(image)}
        srcSet={adImageSrcSet(image)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={title}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </div>
  );
}

/**
 * One of twelve hues (styles.css `.ad-banner--hue-N`) for each advertiser's name, so that cards
 * without a picture still differ: a class, since the server's markup may carry no style attribute.
 */
function hueOf(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 12;
  return hash;
}

/** The name's first letter or digit: not a bracket (the preview's （広告主名）) nor a mark. */
export const initialOf = (name: string) => /[\p{L}\p{N}]/u.exec(name)?.[0] ?? '';

/**
 * In place of a banner the advertiser has not given: the same box, a soft colour of the advertiser's
 * own and the first letter of its name. Decoration only: the name and title follow in text.
 */
export function AdBannerPlaceholder({ provider }: { provider: string }) {
  return (
    <div className={`ad-banner ad-banner--placeholder ad-banner--hue-${hueOf(provider)}`} aria-hidden="true">
      <span className="ad-banner__initial">{initialOf(provider)}</span>
    </div>
  );
}
