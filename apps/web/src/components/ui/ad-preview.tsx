import type { AdImage } from '@quiz-points/shared';
import { useId, useState } from 'react';
import { AdIntro } from './ad-intro.tsx';

/** What a member sees of an ad: its card in the list and its quiz. */
export interface AdPreviewContent {
  adProvider: string;
  adTitle: string;
  adUrl: string;
  quizQuestion: string;
  quizOptions: readonly string[];
  /** The points a right answer earns; null while the pricing is loading. */
  userReward: number | null;
  /** The banner image, or a chosen file's not yet uploaded; null without one. */
  image: AdImage | null;
}

const isOpenableUrl = (url: string) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url.trim());
const orBlank = (text: string, placeholder: string) => text.trim() || placeholder;

/**
 * The ad card of the member's ad list and the ad's quiz page, drawn as members see them
 * with the same CSS classes, from content not yet saved: the ad form draws it live, the admin's
 * review from the submission. Nothing is sent: the quiz can be tried but not answered. The member's
 * own components carry the click and the answer, and live in the member's chunks.
 */
export function AdPreview({ ad, titleLevel = 2 }: { ad: AdPreviewContent; titleLevel?: 2 | 3 }) {
  const titleId = useId();
  const name = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  // Blank fields read as what they are for, as the advertiser types.
  const shown = {
    ...ad,
    adTitle: orBlank(ad.adTitle, '（広告タイトル）'),
    adProvider: orBlank(ad.adProvider, '（広告主名）'),
  };
  const openable = isOpenableUrl(ad.adUrl);
  return (
    <section className="ad-preview" aria-labelledby={titleId} data-testid="ad-preview">
      <Title id={titleId} className="ad-preview__title">
        プレビュー（ユーザーに表示される画面）
      </Title>
      <p className="ad-preview__label">広告一覧</p>
      <ul className="ad-list">
        <li className="card ad-card">
          <AdIntro ad={shown} titleAs="p" />
          <div className="ad-card__actions">
            {openable ? (
              <a
                className="button button--secondary"
                href={ad.adUrl.trim()}
                target="_blank"
                rel="noopener noreferrer"
              >
                広告を見る
              </a>
            ) : (
              <button type="button" className="button button--secondary" disabled>
                広告を見る
              </button>
            )}
            <button type="button" className="button" disabled>
              クイズに挑戦する
            </button>
          </div>
        </li>
      </ul>
      <p className="ad-preview__label">クイズ画面</p>
      <div className="ad-preview__quiz">
        <AdIntro ad={shown} titleAs="p" rewardNote="（回答は1回のみ）" />
        <div className="card quiz-form">
          <fieldset className="quiz-options">
            <legend className="quiz-options__question">
              {orBlank(ad.quizQuestion, '（クイズの問題文）')}
            </legend>
            {ad.quizOptions
              .map((text, index) => ({ text, number: index + 1 }))
              .map(({ text, number }) => (
                // An option is known by its number (as the server counts them): while typed, texts may repeat.
                <label
                  key={number}
                  className={selected === number ? 'quiz-option is-selected' : 'quiz-option'}
                >
                  <input
                    type="radio"
                    name={name}
                    checked={selected === number}
                    onChange={() => setSelected(number)}
                  />
                  <span>{orBlank(text, `（選択肢${number}）`)}</span>
                </label>
              ))}
          </fieldset>
          <button type="button" className="button button--wide" disabled>
            回答する
          </button>
          <p className="note">プレビューのため、回答は送信されません。</p>
        </div>
      </div>
      <p className="ad-preview__link">
        広告ページ：
        {openable ? (
          <a href={ad.adUrl.trim()} target="_blank" rel="noopener noreferrer">
            {ad.adUrl.trim()}（新しいタブで開く）
          </a>
        ) : (
          <span>（URLを入力すると開けます）</span>
        )}
      </p>
    </section>
  );
}
