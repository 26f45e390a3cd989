import { ageOn, birthYearOptions, daysInMonth, MINIMUM_AGE, messages, signupBody } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { FieldError } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForm } from '../../../lib/use-form.ts';
import { forgetReferralCode, rememberedReferralCode } from '../../../lib/use-remember-referral.ts';
import { useSignedInUser } from '../../auth/index.ts';
import { useCompleteSignup } from '../api/complete-signup.ts';
import { emptyProfile, ProfileFields, type ProfileValues, toProfileBody } from './profile-fields.tsx';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const pad = (n: number) => String(n).padStart(2, '0');
const birthFields = ['birthYear', 'birthMonth', 'birthDay'] as const;

function SignupForm() {
  useDocumentTitle('プロフィール登録');
  const navigate = useNavigate();
  const signup = useCompleteSignup();
  const form = useForm(signupBody);
  const thisYear = new Date().getFullYear();
  const [birth, setBirth] = useState({ birthYear: '', birthMonth: '', birthDay: '' });
  const [profile, setProfile] = useState<ProfileValues>(emptyProfile);
  const [agreed, setAgreed] = useState(false);

  // A refusal of the whole form (the server's: an address the postcode did not give) goes with the
  // next edit, as the person sets about mending it; marks on fields stay until the next submit.
  const edited = () => {
    if (!form.hasFieldErrors && form.summary) form.clear();
  };

  const { birthYear, birthMonth, birthDay } = birth;
  const dayCount = birthYear && birthMonth ? daysInMonth(Number(birthYear), Number(birthMonth)) : 31;
  const birthSelects = [
    { field: 'birthYear', label: '生年', unit: '年', values: birthYearOptions(thisYear) },
    { field: 'birthMonth', label: '生まれた月', unit: '月', values: range(1, 12) },
    { field: 'birthDay', label: '生まれた日', unit: '日', values: range(1, dayCount) },
  ] as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({
      ...Object.fromEntries(
        birthFields.map((field) => [field, birth[field] ? Number(birth[field]) : undefined]),
      ),
      ...toProfileBody(profile),
      agreeToTerms: agreed,
      referralCode: rememberedReferralCode(),
    });
    // Age is a rule beyond the request's shape, checked once the date is whole (the server checks it too).
    const birthDate = `${birthYear}-${pad(Number(birthMonth))}-${pad(Number(birthDay))}`;
    const wholeDate = birthFields.every((field) => birth[field] !== '');
    if (wholeDate && ageOn(birthDate, new Date()) < MINIMUM_AGE)
      return form.fail(messages.underage, ...birthFields);
    if (!body) return;
    try {
      const result = await signup.mutateAsync(body);
      forgetReferralCode();
      navigate('/', { replace: true, state: { welcomeBonus: result.bonus } });
    } catch (failure) {
      form.fail(failure instanceof Error ? failure.message : messages.genericErrorSentence);
    }
  };

  return (
    <form className="page form-page" onSubmit={submit} noValidate>
      <h1 className="page-title">プロフィール登録</h1>
      <p className="page-lead">
        入力した項目が多いほど、登録ボーナスが増え、あなたに合った広告が表示されます。
      </p>
      <fieldset className="field">
        <legend className="field__label">生年月日（必須）</legend>
        <div className="field-row field-row--three">
          {birthSelects.map(({ field, label, unit, values }) => (
            <label key={field}>
              <span className="visually-hidden">{unit}</span>
              <select
                className="input"
                value={birth[field]}
                onChange={(event) => {
                  setBirth({ ...birth, [field]: event.target.value });
                  edited();
                }}
                aria-label={label}
                {...form.invalid(field, { messageOf: 'birthDate' })}
              >
                <option value="">{unit}</option>
                {values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                    {unit}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <FieldError field="birthDate" text={birthFields.map(form.errorOf).find(Boolean)} />
        <p className="field__hint">
          生年月日は登録後に変更できません。{MINIMUM_AGE}歳以上の方がご利用いただけます。
        </p>
      </fieldset>

      <ProfileFields
        values={profile}
        onChange={(values) => {
          setProfile(values);
          edited();
        }}
        zipError={form.errorOf('zipCode')}
      />

      <label className="choice choice--block">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            edited();
          }}
          {...form.invalid('agreeToTerms')}
        />
        <span>
          <Link to="/terms" target="_blank">
            利用規約
          </Link>
          と
          <Link to="/privacy" target="_blank">
            プライバシーポリシー
          </Link>
          に同意する
        </span>
      </label>

      <FieldError field="agreeToTerms" text={form.errorOf('agreeToTerms')} />
      <FormError text={form.summary} />
      <SubmitButton pending={signup.isPending}>登録する</SubmitButton>
    </form>
  );
}

export default function SignupPage() {
  const me = useSignedInUser();
  // A first Google sign-in lands here; the admin's goes on to the console.
  if (me.isAdmin) return <Navigate to="/admin" replace />;
  return me.needsSignup ? <SignupForm /> : <AlreadyRegistered />;
}

function AlreadyRegistered() {
  return (
    <div className="page">
      <h1 className="page-title">プロフィール登録</h1>
      <p>プロフィールは登録済みです。</p>
      <Link to="/account">アカウント情報を見る</Link>
    </div>
  );
}
