import { z } from 'zod';
import './zod-config.ts';
import { wellFormedString } from './well-formed-string.ts';

export type {
  AdvertiserCompany,
  BillingOverview,
  InvoiceSummary,
  MonthSpend,
  MonthSpendRow,
} from './responses/billing.ts';

/**
 * Spend and qualified invoices (issue 17, docs/decisions/017-qualified-invoices.md). Their words stay
 * out of the main catalogue, which every first page downloads (e2e/bundle-budget.e2e.ts).
 */
export const invoiceMessages = {
  companyNameTooLong: '会社名は100文字以内で入力してください。',
  companyAddressTooLong: '住所は200文字以内で入力してください。',
  companySaved: '請求書の宛名を保存しました。',
  companySaveFailed: '請求書の宛名を保存できませんでした。',
  billingLoadFailed: '請求情報を読み込めませんでした。',
} as const;

/** The consumption-tax rate of every delivery (standard rate; nothing here is reduced-rate). */
export const INVOICE_TAX_RATE_PERCENT = 10;

export const COMPANY_NAME_MAX = 100;
export const COMPANY_ADDRESS_MAX = 200;

/** Optional text, trimmed; empty means "not given" (the server keeps null). */
const optionalText = (max: number, error: string) => wellFormedString().trim().max(max, { error });

/** The invoice's addressee: company name and address (each optional; the display name stands in). */
export const companyFields = {
  companyName: optionalText(COMPANY_NAME_MAX, invoiceMessages.companyNameTooLong),
  companyAddress: optionalText(COMPANY_ADDRESS_MAX, invoiceMessages.companyAddressTooLong),
};
export const companyDetailsBody = z.strictObject(companyFields);
export type CompanyDetailsBody = z.input<typeof companyDetailsBody>;
