/**
 * A share of a whole as a bar: the whole a light track, the share filled, `near` marking one close
 * to its end. Only a picture (aria-hidden): the figures beside it are what a screen reader reads.
 * `className` sizes it; `height` is its viewBox's, in the same units as its width of 100.
 */
export function ShareBar({
  share,
  className,
  height,
  near = false,
}: {
  share: number;
  className: string;
  height: number;
  near?: boolean;
}) {
  return (
    <svg className={className} viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" aria-hidden="true">
      <rect width={100} height={height} className="share-bar__rest" />
      <rect
        width={share * 100}
        height={height}
        className={near ? 'share-bar__fill share-bar__fill--near' : 'share-bar__fill'}
      />
    </svg>
  );
}
