import { type Me, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignedInUser } from '../../auth/index.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
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

export default function AccountPage() {
  useDocumentTitle('アカウント');
  const me = useSignedInUser();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => fromMe(me));
  const [message, setMessage] = useState<FormMessageValue>(null);

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
      <FormMessage message={message} />
      <SubmitButton pending={update.isPending}>保存する</SubmitButton>
      <p className="page-links">
        <Link to="/withdrawal">退会について</Link>
      </p>
    </form>
  );
}
