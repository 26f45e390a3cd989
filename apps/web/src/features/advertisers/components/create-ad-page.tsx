import { messages, runningAdMessages } from '@quiz-points/shared';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreateAd } from '../api/create-ad.ts';
import { useCreateDraft } from '../api/create-draft.ts';
import { useSaveAsDraft, useSendAd } from '../hooks/use-send-ad.ts';
import { useSignedInAdvertiser } from '../hooks/use-signed-in-advertiser.ts';
import { AdForm, emptyAdForm } from './ad-form.tsx';
import { cardRequiredState } from './navigation-state.ts';

function CreateAd() {
  useDocumentTitle('広告の作成');
  const create = useCreateAd();
  const submit = useSendAd(create.mutateAsync, messages.adCreateFailed);
  const draft = useCreateDraft();
  const saveDraft = useSaveAsDraft(draft.mutateAsync, runningAdMessages.draftSaveFailed);

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
        pending={create.isPending}
        newAd
        onSaveDraft={saveDraft}
        savingDraft={draft.isPending}
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
