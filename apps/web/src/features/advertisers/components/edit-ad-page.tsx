import { type AdvertiserAdDetail, messages, runningAdMessages } from '@quiz-points/shared';
import { useAdvertiserAd } from '../api/get-advertiser-ad.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import { useUpdateAd } from '../api/update-ad.ts';
import { applyImageChoice, useSaveAsDraft, useSendAd } from '../hooks/use-send-ad.ts';
import { AdForm } from './ad-form.tsx';
import { OwnAdPage } from './own-ad-page.tsx';

/** What the form's send button and its confirmation say: a draft's first review, a rejected ad's next. */
const sendWords = {
  draft: {
    submitLabel: '審査に提出する',
    confirmTitle: '審査への提出内容の確認',
    confirmLabel: 'この内容で提出する',
  },
  rejected: {
    submitLabel: '修正して再申請する',
    confirmTitle: '再申請の内容の確認',
    confirmLabel: 'この内容で再申請する',
  },
};

/**
 * The edited ad sent for review: the image first, so the update then sends the ad, image and all.
 * `failureMessage` is the form's message for a refusal that says nothing itself.
 */
function useSendEditedAd(ad: AdvertiserAdDetail, failureMessage: string) {
  const update = useUpdateAd();
  const submit = useSendAd(async (body, image) => {
    await applyImageChoice(ad.id, image);
    return update.mutateAsync({ adId: ad.id, body });
  }, failureMessage);
  return { submit, pending: update.isPending };
}

/** A draft: saved again as a draft, or submitted for review as a new ad. */
function EditDraftForm({ ad }: { ad: AdvertiserAdDetail }) {
  const { submit, pending } = useSendEditedAd(ad, messages.adCreateFailed);
  const draft = useSaveDraft();
  const save = useSaveAsDraft(async (body, image) => {
    await draft.mutateAsync({ adId: ad.id, body });
    await applyImageChoice(ad.id, image);
  }, runningAdMessages.draftSaveFailed);
  return (
    <AdForm
      initial={ad}
      {...sendWords.draft}
      onSubmit={submit}
      pending={pending}
      newAd
      onSaveDraft={save}
      savingDraft={draft.isPending}
    />
  );
}

function EditAdForm({ ad }: { ad: AdvertiserAdDetail }) {
  const { submit, pending } = useSendEditedAd(ad, messages.updateFailed);

  if (ad.status === 'draft') return <EditDraftForm ad={ad} />;
  if (ad.status !== 'rejected') {
    return (
      <p role="alert" className="card form-error">
        {messages.adNotEditable}
      </p>
    );
  }
  return (
    <>
      {ad.rejectionReason && (
        <div className="card notice">
          <h2>却下理由</h2>
          <p>{ad.rejectionReason}</p>
        </div>
      )}
      <AdForm initial={ad} {...sendWords.rejected} onSubmit={submit} pending={pending} />
    </>
  );
}

export default function EditAdPage() {
  return (
    <OwnAdPage title="広告の編集" useAd={useAdvertiserAd}>
      {(ad) => <EditAdForm ad={ad} />}
    </OwnAdPage>
  );
}
