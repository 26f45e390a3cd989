import {
  annualIncomes,
  childrenTargets,
  formatNumber,
  maritalStatuses,
  occupations,
  type Prefecture,
  type ProfileTargeting,
  prefectureRegions,
  type ReachEstimate as ReachEstimateValue,
  type Targeting,
} from '@quiz-points/shared';
import { useEffect, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { profileTargetingLabels } from '../../../lib/targeting-labels.ts';
import { useReachEstimate } from '../api/estimate-reach.ts';

/** How long the form waits after the last tick before it asks for a new estimate. */
const ESTIMATE_DEBOUNCE_MS = 500;

type ListField = Exclude<keyof ProfileTargeting, 'targetPrefectures'>;

/** The dimensions with a few choices each, one row of boxes per dimension. */
const listGroups: { field: ListField; choices: readonly string[] }[] = [
  { field: 'targetOccupations', choices: occupations },
  { field: 'targetIncomes', choices: annualIncomes },
  { field: 'targetMaritalStatuses', choices: maritalStatuses },
  { field: 'targetChildren', choices: childrenTargets },
];

/** `values` with `value` added or taken out, in the order of `choices` (as the profile lists them). */
function toggled<T extends string>(
  choices: readonly T[],
  values: readonly T[],
  changes: readonly T[],
  on: boolean,
) {
  return choices.filter((choice) => (changes.includes(choice) ? on : values.includes(choice)));
}

const allPrefectures = prefectureRegions.flatMap((region) => region.prefectures);

/** One region's prefectures, with a box that ticks or clears them all (mixed while some are ticked). */
function RegionGroup({
  region,
  chosen,
  onChange,
}: {
  region: (typeof prefectureRegions)[number];
  chosen: readonly Prefecture[];
  onChange: (prefectures: Prefecture[]) => void;
}) {
  const ticked = region.prefectures.filter((prefecture) => chosen.includes(prefecture)).length;
  const all = ticked === region.prefectures.length;
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  const set = (prefectures: readonly Prefecture[], on: boolean) =>
    onChange(toggled(allPrefectures, chosen, prefectures, on));
  return (
    <fieldset className="region-group">
      <legend>{region.name}</legend>
      <div className="choice-row">
        {region.prefectures.length > 1 && (
          <label className="choice region-group__all">
            <input
              ref={allBox}
              type="checkbox"
              checked={all}
              onChange={(event) => set(region.prefectures, event.target.checked)}
            />
            {region.name}すべて
          </label>
        )}
        {region.prefectures.map((prefecture) => (
          <label key={prefecture} className="choice">
            <input
              type="checkbox"
              checked={chosen.includes(prefecture)}
              onChange={(event) => set([prefecture], event.target.checked)}
            />
            {prefecture}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The 47 prefectures by region, folded away until opened (the summary says how many are chosen). */
function PrefectureField({
  chosen,
  onChange,
}: {
  chosen: readonly Prefecture[];
  onChange: (v: Prefecture[]) => void;
}) {
  // Open at first when the ad already names prefectures (editing); after that, the advertiser's to fold.
  const [openAtFirst] = useState(chosen.length > 0);
  return (
    <details className="field prefecture-picker" open={openAtFirst || undefined}>
      <summary className="field__label">
        都道府県で絞り込む（任意）
        <span className="note">{chosen.length > 0 ? ` ${chosen.length}件選択中` : ' 指定なし'}</span>
      </summary>
      <fieldset className="prefecture-picker__regions">
        <legend className="visually-hidden">都道府県</legend>
        {prefectureRegions.map((region) => (
          <RegionGroup key={region.name} region={region} chosen={chosen} onChange={onChange} />
        ))}
      </fieldset>
    </details>
  );
}

/** The value after it has stayed the same for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the value's content; a new object with the same content must not restart the wait.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

const estimateText = (estimate: ReachEstimateValue) =>
  estimate.kind === 'fewer'
    ? `${formatNumber(estimate.than)}人未満`
    : `約${formatNumber(estimate.members)}人`;

/**
 * About how many members the targeting reaches today, asked again once the boxes stop changing.
 * Small groups read only 「100人未満」 (the server rounds; docs/decisions/020-profile-targeting.md).
 * The ad form shows it in its summary, beside whatever targeting is being changed.
 */
export function ReachEstimate({ targeting }: { targeting: Targeting }) {
  const settled = useSettled(targeting, ESTIMATE_DEBOUNCE_MS);
  const reach = useReachEstimate(settled);
  const waiting = JSON.stringify(settled) !== JSON.stringify(targeting) || reach.isFetching;
  return (
    <section className="summary-block reach-estimate" aria-labelledby="reach-title" aria-busy={waiting}>
      <h2 id="reach-title" className="visually-hidden">
        対象会員数の目安
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        {reach.isError ? null : reach.data ? (
          <p className="reach-estimate__figure" data-testid="reach-estimate">
            対象会員数の目安: <strong>{estimateText(reach.data.estimate)}</strong>
            {waiting && <span className="note">（更新中…）</span>}
          </p>
        ) : (
          <p>対象会員数を計算しています…</p>
        )}
      </div>
      {reach.isError && (
        <LoadFailed
          message={`対象会員数を取得できませんでした。${reach.error.message}`}
          onRetry={() => void reach.refetch()}
        />
      )}
      <p className="note">
        今日の時点で条件に当てはまる会員数の目安です（100人未満は人数を表示しません）。配信数を保証するものではありません。
      </p>
    </section>
  );
}

/**
 * Profile targeting: prefecture by region, occupation, income, marital status and
 * children, each a group of boxes where none ticked means everyone.
 */
export function ProfileTargetingFields({
  value,
  onChange,
}: {
  value: Targeting;
  onChange: (value: Targeting) => void;
}) {
  return (
    <>
      <PrefectureField
        chosen={value.targetPrefectures}
        onChange={(targetPrefectures) => onChange({ ...value, targetPrefectures })}
      />
      {listGroups.map(({ field, choices }) => {
        const { name, label } = profileTargetingLabels[field] as {
          name: string;
          label: (choice: string) => string;
        };
        const chosen: readonly string[] = value[field];
        return (
          <fieldset key={field} className="field">
            <legend className="field__label">{name}で絞り込む（任意）</legend>
            <div className="choice-row">
              {choices.map((choice) => (
                <label key={choice} className="choice">
                  <input
                    type="checkbox"
                    checked={chosen.includes(choice)}
                    onChange={(event) =>
                      onChange({
                        ...value,
                        [field]: toggled(choices, chosen, [choice], event.target.checked),
                      })
                    }
                  />
                  {label(choice)}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <p className="note">
        プロフィールの項目で絞り込むと、その項目を登録し、選んだ内容に当てはまる会員にだけ配信されます（未登録の会員には配信されません）。
      </p>
    </>
  );
}
