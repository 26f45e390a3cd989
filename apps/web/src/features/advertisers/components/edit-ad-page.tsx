import { type AdInputBody, type AdvertiserAdDetail, messages } from '@quiz-points/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvertiserAd } from '../api/get-advertiser-ad.ts';
import { useUpdateAd } from '../api/update-ad.ts';
import { AdForm } from './ad-form.tsx';
import { adsStatusNotice, cardRequiredState } from './navigation-state.ts';
import { RequireAdvertiser } from './require-advertiser.tsx';
import { isCardRequired, refusalOr } from './submit-failure.ts';

function EditAdForm({ ad }: { ad: AdvertiserAdDetail }) {
  const navigate = useNavigate();
  const update = useUpdateAd();

  const submit = async (body: AdInputBody) => {
    try {
      await update.mutateAsync({ adId: ad.id, body });
      navigate('/advertiser/ads-status', { state: adsStatusNotice(messages.adSubmitted) });
      return undefined;
    } catch (failure) {
      if (isCardRequired(failure)) {
        navigate('/advertiser/card-setup', { state: cardRequiredState });
        return undefined;
      }
      return refusalOr(failure, messages.updateFailed);
    }
  };

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
      <AdForm initial={ad} submitLabel="修正して再申請する" onSubmit={submit} pending={update.isPending} />
    </>
  );
}

function EditAd({ adId }: { adId: string }) {
  useDocumentTitle('広告の編集');
  const query = useAdvertiserAd(adId);
  return (
    <div className="page">
      <h1 className="page-title">広告の編集</h1>
      <QueryContent query={query} errorMessage={query.error?.message ?? messages.loadFailed}>
        {(ad) => <EditAdForm ad={ad} />}
      </QueryContent>
      <p className="page-links">
        <Link to="/advertiser/ads-status">広告の管理へ戻る</Link>
      </p>
    </div>
  );
}

export default function EditAdPage() {
  const { id = '' } = useParams();
  return <RequireAdvertiser>{() => <EditAd adId={id} />}</RequireAdvertiser>;
}
