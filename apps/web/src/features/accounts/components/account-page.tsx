import { type Me, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireUser } from '../../auth/components/require-user.tsx';
import { useUpdateProfile } from '../api/profile.ts';
import { ProfileFields, type ProfileValues, toProfileBody } from './profile-fields.tsx';

function fromMe(me: Me): ProfileValues {
  return {
    zipCode: me.zipCode ?? '',
    gender: (me.gender ?? '') as ProfileValues['gender'],
    maritalStatus: (me.maritalStatus ?? '') as ProfileValues['maritalStatus'],
    hasChildren: me.hasChildren === null ? '' : me.hasChildren ? 'true' : 'false',
    occupation: me.occupation ?? '',
    annualIncome: me.annualIncome ?? '',
  };
}

function AccountForm({ me }: { me: Me }) {
  useDocumentTitle('アカウント');
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => fromMe(me));
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await update.mutateAsync(toProfileBody(values));
      setMessage({ kind: 'ok', text: messages.profileSaved });
      window.setTimeout(() => navigate('/'), 1200);
    } catch {
      setMessage({ kind: 'error', text: messages.profileSaveFailed });
    }
  };

  return (
    <form className="page form-page" onSubmit={submit} noValidate>
      <h1 className="page-title">アカウント</h1>
      <dl className="definition-list card">
        <dt>メールアドレス</dt>
        <dd>{me.email}</dd>
        <dt>生年月日</dt>
        <dd>{me.birthDate?.replaceAll('-', '/')}（変更できません）</dd>
      </dl>
      <ProfileFields values={values} onChange={setValues} genderLocked={me.gender !== null} lookupOnBlur />
      {message && (
        <p
          role={message.kind === 'ok' ? 'status' : 'alert'}
          className={message.kind === 'ok' ? 'form-success' : 'form-error'}
        >
          {message.text}
        </p>
      )}
      <SubmitButton pending={update.isPending}>保存する</SubmitButton>
      <p className="page-links">
        <Link to="/withdrawal">退会について</Link>
      </p>
    </form>
  );
}

export default function AccountPage() {
  return <RequireUser>{(me) => <AccountForm me={me} />}</RequireUser>;
}
