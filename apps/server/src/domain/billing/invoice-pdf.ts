import { createRequire } from 'node:module';
import path from 'node:path';
import {
  formatNumber,
  formatYen,
  INVOICE_TAX_RATE_PERCENT,
  japanClock,
  japanMonthStart,
  toOneLine,
} from '@quiz-points/shared';

/** Everything a qualified invoice (適格請求書) shows, as the invoice row keeps it. */
export interface InvoicePdfData {
  id: string;
  /** yyyymm of the Japan-time month billed. */
  period: string;
  issuedAt: Date;
  issuerName: string;
  issuerRegistrationNumber: string;
  recipientName: string;
  recipientAddress: string | null;
  adTitle: string;
  deliveries: number;
  unitPrice: number;
  subtotal: number;
  carriedIn: number;
  tax: number;
  total: number;
  status: string;
}

const require = createRequire(import.meta.url);

/**
 * Noto Sans JP from the npm package @embedpdf/fonts-jp (OFL): found when a PDF is made, never at
 * start-up, so the server's memory holds no font until someone downloads an invoice.
 */
function japaneseFontPath(): string {
  const entry = require.resolve('@embedpdf/fonts-jp');
  return path.join(path.dirname(entry), '..', 'fonts', 'NotoSansJP-Regular.otf');
}

const dateLabel = (at: Date) => {
  const { year, month, day } = japanClock(at);
  return `${year}年${Number(month)}月${Number(day)}日`;
};

/** The first and last Japan-time day of a billed month (yyyymm). */
function periodDays(period: string) {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4));
  const first = japanMonthStart(year, month);
  const last = new Date(japanMonthStart(year, month + 1).getTime() - 1);
  return `${dateLabel(first)}〜${dateLabel(last)}`;
}

const statusNotes: Record<string, string> = {
  charged: 'ご登録のクレジットカードで決済済みです。',
  charging: 'ご登録のクレジットカードで決済します。',
  failed: 'クレジットカードの決済ができませんでした。カード情報をご確認ください。',
  carried_over: '請求額が50円未満のため、翌月のご請求に繰り越します。',
  no_charge: 'ご請求はありません。',
};

/**
 * The invoice's text fields as the one line each is printed on: pdfkit starts a new line at every
 * line break, so a name kept with one (written before the forms refused them, or by hand) would add a
 * line to the addressee block.
 */
function oneLineFields(data: InvoicePdfData): InvoicePdfData {
  const line = (text: string) => toOneLine(text).trim();
  return {
    ...data,
    issuerName: line(data.issuerName),
    issuerRegistrationNumber: line(data.issuerRegistrationNumber),
    recipientName: line(data.recipientName),
    recipientAddress: data.recipientAddress === null ? null : line(data.recipientAddress),
    adTitle: line(data.adTitle),
  };
}

/**
 * The layout's version, part of a stored PDF's digest (get-invoice-pdf.ts): raise it with any change
 * to what render() draws, so invoices stored before are made again at their next download.
 */
export const INVOICE_PDF_LAYOUT = 1;

/**
 * One PDF at a time per process: each needs some 50 MB while it is made (the parsed font), so
 * several downloads at once wait in turn rather than add up against the server's memory target.
 */
let rendering: Promise<unknown> = Promise.resolve();

export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const next = rendering.then(() => render(data));
  rendering = next.catch(() => undefined);
  return next;
}

/**
 * The invoice as a PDF (A4, Japanese): issuer's name and registration number, the addressee, the
 * issue date and the month billed, the delivery fees, the amount subject to the 10 % rate and its
 * consumption tax, and the total. pdfkit embeds a subset of the font with a ToUnicode map, so the
 * text can be copied and searched. pdfkit itself is loaded with the first PDF.
 */
async function render(invoice: InvoicePdfData): Promise<Buffer> {
  const data = oneLineFields(invoice);
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `請求書 ${data.id}`, Author: data.issuerName, Subject: '適格請求書' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('jp', japaneseFontPath());
  doc.font('jp');
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.fontSize(20).text('請求書（適格請求書）', { align: 'center' });
  doc.moveDown(1);
  doc.fontSize(9).text(`請求書番号：${data.id}`, { align: 'right' });
  doc.text(`発行日：${dateLabel(data.issuedAt)}`, { align: 'right' });
  doc.moveDown(1);

  const top = doc.y;
  doc.fontSize(13).text(`${data.recipientName} 御中`, left, top, { width: width * 0.55 });
  doc.fontSize(9);
  if (data.recipientAddress) doc.text(data.recipientAddress, { width: width * 0.55 });
  const leftBottom = doc.y;
  const issuerX = left + width * 0.6;
  doc.fontSize(10).text(data.issuerName, issuerX, top, { width: width * 0.4 });
  doc.fontSize(9).text(`登録番号：${data.issuerRegistrationNumber}`, issuerX, doc.y, { width: width * 0.4 });
  doc.y = Math.max(leftBottom, doc.y) + 18;

  doc.x = left;
  doc
    .fontSize(10)
    .text(
      `取引期間：${periodDays(data.period)}（${data.period.slice(0, 4)}年${Number(data.period.slice(4))}月分）`,
    );
  doc.moveDown(0.6);
  doc.fontSize(14).text(`ご請求金額（税込）　${formatYen(data.total)}`);
  doc.moveDown(0.8);

  // The items: description, quantity, unit price, amount (before tax).
  const columns = [
    { title: '品目', x: left, width: width * 0.5, align: 'left' as const },
    { title: '数量', x: left + width * 0.5, width: width * 0.15, align: 'right' as const },
    { title: '単価（税抜）', x: left + width * 0.65, width: width * 0.17, align: 'right' as const },
    { title: '金額（税抜）', x: left + width * 0.82, width: width * 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], size = 9) => {
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.fontSize(size).text(cell, column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor('#9ca3af')
      .stroke();
  };
  row(columns.map((column) => column.title));
  row([
    `広告配信料「${data.adTitle}」`,
    `${formatNumber(data.deliveries)}件`,
    formatYen(data.unitPrice),
    formatYen(data.subtotal),
  ]);
  if (data.carriedIn > 0) row(['前月からの繰越（税抜）', '', '', formatYen(data.carriedIn)]);
  doc.moveDown(0.6);

  const amount = data.subtotal + data.carriedIn;
  const summary: [string, string][] = [
    [`${INVOICE_TAX_RATE_PERCENT}%対象 合計（税抜）`, formatYen(amount)],
    [`消費税（${INVOICE_TAX_RATE_PERCENT}%）`, formatYen(data.tax)],
    ['合計（税込）', formatYen(data.total)],
  ];
  for (const [label, value] of summary) {
    const y = doc.y;
    doc.fontSize(10).text(label, left + width * 0.45, y, { width: width * 0.35 });
    doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.moveDown(1);
  doc.x = left;
  doc
    .fontSize(9)
    .text(
      `税率ごとの内訳：${INVOICE_TAX_RATE_PERCENT}%対象 ${formatYen(amount)}（消費税 ${formatYen(data.tax)}）。軽減税率（8%）の対象となる取引はありません。`,
      { width },
    );
  doc.text(`消費税は1円未満を四捨五入しています。${statusNotes[data.status] ?? ''}`, { width });
  doc.end();
  return finished;
}
