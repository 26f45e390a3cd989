import { type AdvertiserAdDetail, messages } from '@quiz-points/shared';
import { useAdvertiserAd } from '../api/get-advertiser-ad.ts';
import { useUpdateAd } from '../api/update-ad.ts';
import { useSendAd } from '../hooks/use-send-ad.ts';
import { AdForm } from './ad-form.tsx';
import { OwnAdPage } from './own-ad-page.tsx';

function EditAdForm({ ad }: { ad: AdvertiserAdDetail }) {
  const update = useUpdateAd();
  const submit = useSendAd((body) => update.mutateAsync({ adId: ad.id, body }), messages.updateFailed);

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

export default function EditAdPage() {
  return (
    <OwnAdPage title="広告の編集" useAd={useAdvertiserAd}>
      {(ad) => <EditAdForm ad={ad} />}
    </OwnAdPage>
  );
}
