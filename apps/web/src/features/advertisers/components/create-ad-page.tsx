import { type AdInputBody, messages, runningAdMessages } from '@quiz-points/shared';
import { useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreateAd } from '../api/create-ad.ts';
import { useCreateDraft } from '../api/create-draft.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import { useSubmitDraft } from '../api/submit-draft.ts';
import { applyImageChoice, useSaveAsDraft, useSendAd } from '../hooks/use-send-ad.ts';
import { useSignedInAdvertiser } from '../hooks/use-signed-in-advertiser.ts';
import { AdForm, emptyAdForm } from './ad-form.tsx';
import { cardRequiredState } from './navigation-state.ts';

function CreateAd() {
  useDocumentTitle('広告の作成');
  const create = useCreateAd();
  const draft = useCreateDraft();
  const resave = useSaveDraft();
  const submitDraft = useSubmitDraft();
  // An image needs its ad: a new ad with one is kept as a draft, its image uploaded, then the draft
  // submitted. Once kept, every later send (after a refused image, say) uses that draft.
  const draftId = useRef<string | null>(null);
  const keepAsDraft = async (body: AdInputBody) => {
    if (draftId.current) await resave.mutateAsync({ adId: draftId.current, body });
    else draftId.current = (await draft.mutateAsync(body)).ad.id;
    return draftId.current;
  };
  const submit = useSendAd(async (body, image) => {
    if (image.choice.kind !== 'set' && !draftId.current) return create.mutateAsync(body);
    const adId = await keepAsDraft(body);
    await applyImageChoice(adId, image);
    return submitDraft.mutateAsync(adId);
  }, messages.adCreateFailed);
  const saveDraft = useSaveAsDraft(async (body, image) => {
    await applyImageChoice(await keepAsDraft(body), image);
  }, runningAdMessages.draftSaveFailed);

  return (
    <div className="page">
      <h1 className="page-title">広告の作成</h1>
      <p className="page-lead">
        ユーザーは広告ページを30秒以上見たあと、クイズに1回だけ答えます。広告ページを見れば答えがわかる問題にしてください。
      </p>
      <AdForm
        initial={emptyAdForm}
        submitLabel="審査に申し込む"
        confirmTitle="審査の申し込み内容の確認"
        confirmLabel="この内容で申し込む"
        onSubmit={submit}
        pending={create.isPending || submitDraft.isPending}
        newAd
        onSaveDraft={saveDraft}
        savingDraft={draft.isPending || resave.isPending}
      />
      <p className="page-links">
        <Link to="/advertiser/ads-status">広告の管理へ</Link>
        <Link to="/advertiser">ダッシュボードへ戻る</Link>
      </p>
    </div>
  );
}

/** SPEC §6: creating ads requires a registered card, else card setup (the admin's house ads need none). */
export default function CreateAdPage() {
  const advertiser = useSignedInAdvertiser();
  if (!advertiser.cardRegistered && !advertiser.isAdmin) {
    return <Navigate to="/advertiser/card-setup" replace state={cardRequiredState} />;
  }
  return <CreateAd />;
}
