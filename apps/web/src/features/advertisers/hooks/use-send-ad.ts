import { type AdInputBody, messages, runningAdMessages } from '@quiz-points/shared';
import { useNavigate } from 'react-router';
import { adsStatusNotice, cardRequiredState } from '../components/navigation-state.ts';
import { isCardRequired, refusalOr } from '../components/submit-failure.ts';

type Send = (body: AdInputBody) => Promise<unknown>;

/**
 * Sends the ad form, then ads-status says `notice`; with `cardRequired`, a refusal for want of a card
 * goes to card setup (SPEC §6); any other refusal comes back as the message for the form to show.
 */
function useSendThenList(send: Send, failureMessage: string, notice: string, cardRequired: boolean) {
  const navigate = useNavigate();
  return async (body: AdInputBody) => {
    try {
      await send(body);
      navigate('/advertiser/ads-status', { state: adsStatusNotice(notice) });
      return undefined;
    } catch (failure) {
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
 * The ad form's 下書き保存 (issue 17): once kept, ads-status says 下書きを保存しました。; a refusal comes
 * back as the message for the form to show.
 */
export const useSaveAsDraft = (send: Send, failureMessage: string) =>
  useSendThenList(send, failureMessage, runningAdMessages.draftSaved, false);
