import { ageOn, birthYearOptions, daysInMonth, MINIMUM_AGE, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { forgetReferralCode, rememberedReferralCode } from '../../../lib/use-remember-referral.ts';
import { RequireUser } from '../../auth/components/require-user.tsx';
import { useCompleteSignup } from '../api/profile.ts';
import { emptyProfile, ProfileFields, type ProfileValues, toProfileBody } from './profile-fields.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

function SignupForm() {
  useDocumentTitle('プロフィール登録');
  const navigate = useNavigate();
  const signup = useCompleteSignup();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState('');
  const [month, setMonth] = useState('');
  const [day, setDay] = useState('');
  const [profile, setProfile] = useState<ProfileValues>(emptyProfile);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');

  const dayCount = year && month ? daysInMonth(Number(year), Number(month)) : 31;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!year || !month || !day) return setError(messages.birthDateIncomplete);
    const birthDate = `${year}-${pad(Number(month))}-${pad(Number(day))}`;
    if (ageOn(birthDate, new Date()) < MINIMUM_AGE) return setError(messages.underage);
    if (profile.zipCode && !/^[0-9]{7}$/.test(profile.zipCode))
      return setError(messages.zipAddressUnresolved);
    if (!agreed) return setError(messages.termsRequired);
    setError('');
    try {
      const result = await signup.mutateAsync({
        birthYear: Number(year),
        birthMonth: Number(month),
        birthDay: Number(day),
        ...toProfileBody(profile),
        agreeToTerms: true,
        referralCode: rememberedReferralCode(),
      });
      forgetReferralCode();
      navigate('/', { replace: true, state: { welcomeBonus: result.bonus } });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.genericErrorSentence);
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
          <label>
            <span className="visually-hidden">年</span>
            <select
              className="input"
              value={year}
              onChange={(event) => setYear(event.target.value)}
              aria-label="生年"
            >
              <option value="">年</option>
              {birthYearOptions(thisYear).map((y) => (
                <option key={y} value={y}>
                  {y}年
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">月</span>
            <select
              className="input"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              aria-label="生まれた月"
            >
              <option value="">月</option>
              {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                <option key={m} value={m}>
                  {m}月
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">日</span>
            <select
              className="input"
              value={day}
              onChange={(event) => setDay(event.target.value)}
              aria-label="生まれた日"
            >
              <option value="">日</option>
              {Array.from({ length: dayCount }, (_, i) => i + 1).map((d) => (
                <option key={d} value={d}>
                  {d}日
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="field__hint">
          生年月日は登録後に変更できません。{MINIMUM_AGE}歳以上の方がご利用いただけます。
        </p>
      </fieldset>

      <ProfileFields values={profile} onChange={setProfile} />

      <label className="choice choice--block">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
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

      <FormError text={error} />
      <SubmitButton pending={signup.isPending}>登録する</SubmitButton>
    </form>
  );
}

export default function SignupPage() {
  return (
    <RequireUser allowSignup>{(me) => (me.needsSignup ? <SignupForm /> : <AlreadyRegistered />)}</RequireUser>
  );
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
