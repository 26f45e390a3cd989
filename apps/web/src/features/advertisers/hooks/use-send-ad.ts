import { type AdInputBody, messages, runningAdMessages } from '@quiz-points/shared';
import { useNavigate } from 'react-router';
import { adsStatusNotice, cardRequiredState } from '../components/navigation-state.ts';
import { isCardRequired, refusalOr } from '../components/submit-failure.ts';

/**
 * The ad form's submit for create-ad and edit-ad: once sent, ads-status says 広告を登録しました。; without
 * a card, card setup (SPEC §6); any other refusal comes back as the message for the form to show.
 */
export function useSendAd(send: (body: AdInputBody) => Promise<unknown>, failureMessage: string) {
  const navigate = useNavigate();
  return async (body: AdInputBody) => {
    try {
      await send(body);
      navigate('/advertiser/ads-status', { state: adsStatusNotice(messages.adSubmitted) });
      return undefined;
    } catch (failure) {
      if (isCardRequired(failure)) {
        navigate('/advertiser/card-setup', { state: cardRequiredState });
        return undefined;
      }
      return refusalOr(failure, failureMessage);
    }
  };
}

/**
 * The ad form's 下書き保存 (issue 17): once kept, ads-status says 下書きを保存しました。; a refusal comes
 * back as the message for the form to show.
 */
export function useSaveAsDraft(save: (body: AdInputBody) => Promise<unknown>, failureMessage: string) {
  const navigate = useNavigate();
  return async (body: AdInputBody) => {
    try {
      await save(body);
      navigate('/advertiser/ads-status', { state: adsStatusNotice(runningAdMessages.draftSaved) });
      return undefined;
    } catch (failure) {
      return refusalOr(failure, failureMessage);
    }
  };
}
