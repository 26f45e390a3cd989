import {
  type AdvertiserCompany,
  COMPANY_ADDRESS_MAX,
  COMPANY_NAME_MAX,
  companyDetailsBody,
  invoiceMessages,
} from '@quiz-points/shared';
import { useEffect, useState } from 'react';
import { FormError, FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCompanyDetails, useUpdateCompanyDetails } from '../api/billing.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
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
  const [message, setMessage] = useState<FormMessageValue>(null);
  const initial: CompanyValues = {
    companyName: company.companyName ?? '',
    companyAddress: company.companyAddress ?? '',
  };
  const { form, values, formProps, fieldProps } = useAccountForm(companyDetailsBody, initial, {
    onSubmit: () => setMessage(null),
    send: async (body) => {
      await update.mutateAsync(body);
      setMessage({ kind: 'ok', text: invoiceMessages.companySaved });
    },
    refused: (failure) => (failure instanceof ApiError ? failure.message : invoiceMessages.companySaveFailed),
  });
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again when what was typed changes.
  useEffect(() => recheck(values), [values.companyName, values.companyAddress]);

  return (
    <form {...formProps} aria-labelledby="company-details-title">
      <p className="note">
        現在の宛名：<strong>{company.companyName ?? company.displayName}</strong>
        {company.companyAddress ? `（${company.companyAddress}）` : ''}
        。発行済みの請求書の宛名は変わりません。
      </p>
      <AccountFields idPrefix="company" fields={companyFields} {...fieldProps} />
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
