import { z } from 'zod';
import '../core/zod-config.ts';
import { isOneLine, wellFormedString } from '../core/well-formed-string.ts';

export type {
  AdvertiserCompany,
  BillingOverview,
  InvoiceSummary,
  MonthSpend,
  MonthSpendRow,
} from './responses.ts';

/**
 * Spend and qualified invoices (docs/decisions/017-qualified-invoices.md). Their words stay
 * out of the main catalogue, which every first page downloads (e2e/bundle-budget.e2e.ts).
 */
export const invoiceMessages = {
  companyNameTooLong: '会社名は100文字以内で入力してください。',
  companyAddressTooLong: '住所は200文字以内で入力してください。',
  companyNameNotOneLine: '会社名は改行やタブを含めず、1行で入力してください。',
  companyAddressNotOneLine: '住所は改行やタブを含めず、1行で入力してください。',
  companySaved: '請求書の宛名を保存しました。',
  companySaveFailed: '請求書の宛名を保存できませんでした。',
  billingLoadFailed: '請求情報を読み込めませんでした。',
} as const;

/** The consumption-tax rate of every delivery (standard rate; nothing here is reduced-rate). */
export const INVOICE_TAX_RATE_PERCENT = 10;

export const COMPANY_NAME_MAX = 100;
export const COMPANY_ADDRESS_MAX = 200;

/**
 * Optional text on one line, trimmed; empty means "not given" (the server keeps null). The invoice
 * prints each on one line of its addressee block, so a line break (or a tab) inside is refused.
 */
const optionalLine = (max: number, messages: { tooLong: string; notOneLine: string }) =>
  wellFormedString()
    .trim()
    .max(max, { error: messages.tooLong })
    .refine(isOneLine, { error: messages.notOneLine });

/** The invoice's addressee: company name and address (each optional; the display name stands in). */
export const companyFields = {
  companyName: optionalLine(COMPANY_NAME_MAX, {
    tooLong: invoiceMessages.companyNameTooLong,
    notOneLine: invoiceMessages.companyNameNotOneLine,
  }),
  companyAddress: optionalLine(COMPANY_ADDRESS_MAX, {
    tooLong: invoiceMessages.companyAddressTooLong,
    notOneLine: invoiceMessages.companyAddressNotOneLine,
  }),
};
export const companyDetailsBody = z.strictObject(companyFields);
export type CompanyDetailsBody = z.input<typeof companyDetailsBody>;
