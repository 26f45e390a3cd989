import { annualIncomes, genderLabels, maritalStatusLabels, messages, occupations } from '@quiz-points/shared';
import { useState } from 'react';
import { describedControl, FieldError } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useZipLookup } from '../api/lookup-zip-code.ts';

export interface ProfileValues {
  zipCode: string;
  gender: '' | 'male' | 'female' | 'other';
  maritalStatus: '' | 'single' | 'divorced' | 'married';
  hasChildren: '' | 'true' | 'false';
  occupation: string;
  annualIncome: string;
}

export const emptyProfile: ProfileValues = {
  zipCode: '',
  gender: '',
  maritalStatus: '',
  hasChildren: '',
  occupation: '',
  annualIncome: '',
};

export function toProfileBody(values: ProfileValues) {
  return {
    zipCode: values.zipCode,
    gender: values.gender,
    maritalStatus: values.maritalStatus,
    hasChildren: values.hasChildren === '' ? null : values.hasChildren === 'true',
    occupation: values.occupation as (typeof occupations)[number] | '',
    annualIncome: values.annualIncome as (typeof annualIncomes)[number] | '',
  };
}

/** The optional choices after gender, each a select (SPEC §3 choices). */
const choices: {
  key: 'maritalStatus' | 'hasChildren' | 'occupation' | 'annualIncome';
  id: string;
  label: string;
  options: readonly (readonly [string, string])[];
}[] = [
  {
    key: 'maritalStatus',
    id: 'marital-status',
    label: '婚姻状況（任意）',
    options: Object.entries(maritalStatusLabels),
  },
  {
    key: 'hasChildren',
    id: 'has-children',
    label: '子どもの有無（任意）',
    options: [
      ['true', 'あり'],
      ['false', 'なし'],
    ],
  },
  {
    key: 'occupation',
    id: 'occupation',
    label: '職業（任意）',
    options: occupations.map((occupation) => [occupation, occupation] as const),
  },
  {
    key: 'annualIncome',
    id: 'annual-income',
    label: '年収（任意）',
    options: annualIncomes.map((income) => [income, income] as const),
  },
];

/**
 * Zip code (with the address looked up at 7 digits, or on blur on the account page), gender,
 * marital status, children, occupation and income (SPEC §2 Account, §3 choices).
 */
export function ProfileFields({
  values,
  onChange,
  genderLocked = false,
  lookupOnBlur = false,
  zipError,
}: {
  values: ProfileValues;
  onChange: (values: ProfileValues) => void;
  genderLocked?: boolean;
  lookupOnBlur?: boolean;
  /** The zip code the form refused, to mark next to the field. */
  zipError?: string;
}) {
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    onChange({ ...values, [key]: value });
  // Signup looks up as soon as 7 digits are typed; the account page only when the field is left.
  const [blurredZip, setBlurredZip] = useState(values.zipCode);
  const target = lookupOnBlur ? blurredZip : values.zipCode;
  const lookup = useZipLookup(target);
  const complete = /^[0-9]{7}$/.test(values.zipCode) && target === values.zipCode;

  return (
    <>
      <div className="field">
        <label htmlFor="zip-code" className="field__label">
          郵便番号（ハイフンなし7桁・任意）
        </label>
        <input
          id="zip-code"
          className="input input--short"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          value={values.zipCode}
          onChange={(event) => set('zipCode', event.target.value.replace(/[^0-9]/g, ''))}
          onBlur={() => setBlurredZip(values.zipCode)}
          {...describedControl('zip-code', { error: zipError, describedBy: 'zip-code-result' })}
        />
        <FieldError field="zip-code" text={zipError} />
        <p id="zip-code-result" className="field__hint" aria-live="polite">
          {complete && lookup.isFetching && '住所を検索しています…'}
          {complete && lookup.isError && <span className="form-error">{messages.zipNotFound}</span>}
        </p>
        <div className="field-row">
          <label className="field__label" htmlFor="prefecture">
            都道府県
            <input
              id="prefecture"
              className="input"
              readOnly
              value={complete ? (lookup.data?.prefecture ?? '') : ''}
            />
          </label>
          <label className="field__label" htmlFor="city">
            市区町村
            <input id="city" className="input" readOnly value={complete ? (lookup.data?.city ?? '') : ''} />
          </label>
        </div>
      </div>

      <fieldset className="field">
        <legend className="field__label">性別（任意・登録後は変更できません）</legend>
        <div className="choice-row">
          {(Object.keys(genderLabels) as (keyof typeof genderLabels)[]).map((gender) => (
            <label key={gender} className="choice">
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={values.gender === gender}
                disabled={genderLocked}
                onChange={() => set('gender', gender)}
              />
              {genderLabels[gender]}
            </label>
          ))}
        </div>
      </fieldset>

      {choices.map(({ key, id, label, options }) => (
        <SelectField
          key={key}
          id={id}
          label={label}
          value={values[key]}
          options={options}
          onChange={(value) => onChange({ ...values, [key]: value })}
        />
      ))}
    </>
  );
}
