import { type AdImage, adImageFileProblem, adImageMediaTypes } from '@quiz-points/shared';
import { type ChangeEvent, useEffect, useMemo, useRef } from 'react';
import { AdBanner } from '../../../components/ui/ad-banner.tsx';
import { FilePick, NOTHING_CHOSEN } from '../../../components/ui/file-pick.tsx';

/** What the form will do with the ad's image when it is sent. */
export type ImageChoice = { kind: 'keep' } | { kind: 'set'; file: File } | { kind: 'remove' };

/** The picture as it will be: the chosen file's (not yet uploaded), the saved one, or none. */
export function useImageToShow(current: AdImage | null, choice: ImageChoice): AdImage | null {
  const file = choice.kind === 'set' ? choice.file : null;
  const chosenUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  if (choice.kind === 'remove') return null;
  // Its real size is known once the server has made its files; the banner's box holds its shape.
  if (chosenUrl) return { width: 1200, height: 628, sources: [{ url: chosenUrl, width: 1280 }] };
  return current;
}

const FIELD_ID = 'ad-image';
const ERROR_ID = `${FIELD_ID}-error`;

/**
 * The ad's banner image: a file picker for JPEG, PNG and WebP, what the browser can tell
 * at once (over 5 MB, another type) said beside it, a preview, and the upload's progress while the
 * form is sent. The server decides from the file's bytes; its refusal comes back as `error`.
 */
export function AdImageField({
  current,
  shown,
  choice,
  onChoose,
  error,
  onError,
  progress,
  title,
}: {
  current: AdImage | null;
  /** The picture as it will be (useImageToShow). */
  shown: AdImage | null;
  choice: ImageChoice;
  onChoose: (choice: ImageChoice) => void;
  error: string;
  onError: (message: string) => void;
  /** The upload's progress (0 to 1) while it runs; null otherwise. */
  progress: number | null;
  /** The ad's title: the picture's alternative text. */
  title: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = adImageFileProblem(file);
    if (problem) {
      // The refused file is not kept: choosing the same one again is a new choice.
      event.target.value = '';
      onError(problem);
      return;
    }
    onError('');
    onChoose({ kind: 'set', file });
  };
  const hasPicture = shown !== null;
  return (
    <div className="field ad-image-field">
      <label htmlFor={FIELD_ID} className="field__label">
        バナー画像（任意）
      </label>
      <FilePick
        inputRef={input}
        id={FIELD_ID}
        buttonLabel="画像を選ぶ"
        status={choice.kind !== 'set' && !hasPicture ? NOTHING_CHOSEN : null}
        accept={adImageMediaTypes.join(',')}
        onChange={choose}
        disabled={progress !== null}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={`${FIELD_ID}-hint${error ? ` ${ERROR_ID}` : ''}`}
      />
      <p id={`${FIELD_ID}-hint`} className="field__hint">
        JPEG・PNG・WebP形式、5MBまで。横1,200×縦628ピクセル（横長
        1.91:1）がおすすめです。ほかの比率の画像は枠の中に収まるように表示されます。画像は送信時にアップロードされ、審査のうえ広告と一緒に表示されます。
      </p>
      {error && (
        <p id={ERROR_ID} role="alert" className="field__error">
          {error}
        </p>
      )}
      {hasPicture && (
        <div className="ad-image-field__preview" data-testid="ad-image-preview">
          <AdBanner image={shown} title={title.trim() || '（広告タイトル）'} eager />
        </div>
      )}
      {progress !== null && (
        <progress value={progress} max={1} aria-label="画像をアップロードしています">
          {Math.round(progress * 100)}%
        </progress>
      )}
      <div className="ad-image-field__actions">
        {choice.kind === 'set' && <span className="note">{choice.file.name}（送信時にアップロード）</span>}
        {hasPicture && progress === null && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (input.current) input.current.value = '';
              // A chosen file is let go (back to the saved image, if any); a saved one is taken off.
              onChoose(choice.kind === 'set' ? { kind: 'keep' } : { kind: 'remove' });
            }}
          >
            {current && choice.kind === 'set' ? '選んだ画像を取り消す' : '画像を使わない'}
          </button>
        )}
        {choice.kind === 'remove' && current && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onChoose({ kind: 'keep' })}
          >
            元の画像に戻す
          </button>
        )}
      </div>
    </div>
  );
}
