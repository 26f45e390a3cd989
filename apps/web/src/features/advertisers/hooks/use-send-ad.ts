import { type AdInputBody, adImageMessages, messages, runningAdMessages } from '@quiz-points/shared';
import { useNavigate } from 'react-router';
import { removeAdImage, uploadAdImage } from '../api/upload-ad-image.ts';
import type { ImageChoice } from '../components/ad-image-field.tsx';
import { adsStatusNotice, cardRequiredState } from '../components/navigation-state.ts';
import { isCardRequired, refusalOr } from '../components/submit-failure.ts';

/** The image part of sending the ad form: what to do, and where the upload's progress goes. */
export interface ImageStep {
  choice: ImageChoice;
  onProgress: (fraction: number) => void;
}

/** What sending the ad form may come back with: nothing (it went through), the form's message, or the image's. */
export type SendRefusal = string | { image: string } | undefined;

/** A refusal of the image step: shown beside the image field, not as the form's summary. */
class ImageStepError extends Error {
  override name = 'ImageStepError';
}

/**
 * The ad's image as the form chose it: the chosen file uploaded, or the saved image taken off (a
 * draft's or a rejected ad's; the server refuses any other). A refusal becomes an ImageStepError
 * carrying the server's message (a file of the wrong kind, too large…).
 */
export async function applyImageChoice(adId: string, { choice, onProgress }: ImageStep) {
  try {
    if (choice.kind === 'set') await uploadAdImage(adId, choice.file, onProgress);
    else if (choice.kind === 'remove') await removeAdImage(adId);
  } catch (failure) {
    throw new ImageStepError(refusalOr(failure, adImageMessages.adImageUploadFailed));
  }
}

type Send = (body: AdInputBody, image: ImageStep) => Promise<unknown>;

/**
 * Sends the ad form, then ads-status says `notice`; with `cardRequired`, a refusal for want of a card
 * goes to card setup (SPEC §6); a refused image comes back for its field, any other refusal as the
 * message for the form to show.
 */
function useSendThenList(send: Send, failureMessage: string, notice: string, cardRequired: boolean) {
  const navigate = useNavigate();
  return async (body: AdInputBody, image: ImageStep): Promise<SendRefusal> => {
    try {
      await send(body, image);
      navigate('/advertiser/ads-status', { state: adsStatusNotice(notice) });
      return undefined;
    } catch (failure) {
      if (failure instanceof ImageStepError) return { image: failure.message };
      if (cardRequired && isCardRequired(failure)) {
        navigate('/advertiser/card-setup', { state: cardRequiredState });
        return undefined;
      }
      return refusalOr(failure, failureMessage);
    }
  };
}

/**
 * The ad form's submit for create-ad and edit-ad: once sent, ads-status says 広告を登録しました。; without
 * a card, card setup (SPEC §6); any other refusal comes back as the message for the form to show.
 */
export const useSendAd = (send: Send, failureMessage: string) =>
  useSendThenList(send, failureMessage, messages.adSubmitted, true);

/**
 * The ad form's 下書き保存: once kept, ads-status says 下書きを保存しました。; a refusal comes
 * back as the message for the form to show.
 */
export const useSaveAsDraft = (send: Send, failureMessage: string) =>
  useSendThenList(send, failureMessage, runningAdMessages.draftSaved, false);
