/** The enacted and last-revised dates of the terms pages (SPEC §2). */
export function TermsDates() {
  return (
    <p className="static-page__dates">
      制定日：2025年5月1日
      <br />
      最終改定日：2025年6月4日
    </p>
  );
}
