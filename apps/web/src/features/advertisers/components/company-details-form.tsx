import {
  type AdvertiserCompany,
  COMPANY_ADDRESS_MAX,
  COMPANY_NAME_MAX,
  companyDetailsBody,
  invoiceMessages,
} from '@quiz-points/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormError, FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { focusFirstInvalid, useForm } from '../../../lib/use-form.ts';
import { useCompanyDetails, useUpdateCompanyDetails } from '../api/billing.ts';
import { type AccountField, AccountFields } from './account-fields.tsx';

type CompanyValues = { companyName: string; companyAddress: string };

/** The invoice's addressee: the two optional fields, asked at sign-up and here. */
export const companyFields: AccountField<keyof CompanyValues>[] = [
  {
    key: 'companyName',
    label: '請求書の宛名（会社名・任意）',
    input: {
      autoComplete: 'organization',
      maxLength: COMPANY_NAME_MAX,
      hint: '適格請求書の宛名になります。空欄の場合は「会社名または表示名」を宛名にします。',
    },
  },
  {
    key: 'companyAddress',
    label: '住所（任意）',
    input: { autoComplete: 'street-address', maxLength: COMPANY_ADDRESS_MAX },
  },
];

function Form({ company }: { company: AdvertiserCompany }) {
  const update = useUpdateCompanyDetails();
  const form = useForm(companyDetailsBody);
  const formElement = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CompanyValues>({
    companyName: company.companyName ?? '',
    companyAddress: company.companyAddress ?? '',
  });
  const [message, setMessage] = useState<FormMessageValue>(null);
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again when what was typed changes.
  useEffect(() => recheck(values), [values.companyName, values.companyAddress]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const body = form.validate(values);
    // Each wrong field says what is wrong beside it, once, and takes the focus.
    if (!body) return focusFirstInvalid(formElement.current);
    try {
      await update.mutateAsync(body);
      setMessage({ kind: 'ok', text: invoiceMessages.companySaved });
    } catch (failure) {
      form.fail(failure instanceof ApiError ? failure.message : invoiceMessages.companySaveFailed);
    }
  };

  return (
    <form ref={formElement} onSubmit={submit} noValidate aria-labelledby="company-details-title">
      <p className="note">
        現在の宛名：<strong>{company.companyName ?? company.displayName}</strong>
        {company.companyAddress ? `（${company.companyAddress}）` : ''}
        。発行済みの請求書の宛名は変わりません。
      </p>
      <AccountFields
        idPrefix="company"
        fields={companyFields}
        values={values}
        onChange={(key, value) => setValues({ ...values, [key]: value })}
        errorOf={form.errorOf}
      />
      <FormError text={form.formError} />
      <FormMessage message={message} />
      <SubmitButton pending={update.isPending}>宛名を保存する</SubmitButton>
    </form>
  );
}

/** The advertiser's company name and address for invoices, on the account page. */
export function CompanyDetailsSection() {
  const company = useCompanyDetails();
  return (
    <section className="card" aria-labelledby="company-details-title">
      <h2 id="company-details-title">請求書の宛名</h2>
      <QueryContent query={company} errorMessage={invoiceMessages.billingLoadFailed}>
        {(data) => <Form company={data} />}
      </QueryContent>
    </section>
  );
}
