import type { Mailer } from '../../services/mail/mailer.ts';
import type { Logger } from '../logger.ts';
import type { MailContent } from './mail-templates.ts';

/** The part of an address that may be logged: its domain, never the person. */
export function recipientDomain(to: string): string {
  return to.slice(to.lastIndexOf('@') + 1);
}

/**
 * Sends one mail from a template, best effort: a failure is logged and answered `false`, never
 * thrown, so a mail can follow a committed action without undoing it. A caller whose answer is
 * the mail itself (materials, a reset link) turns `false` into its own refusal.
 */
export async function sendMail(options: {
  mailer: Mailer;
  log: Logger;
  to: string;
  mail: MailContent;
}): Promise<boolean> {
  try {
    await options.mailer.send({ to: options.to, ...options.mail });
    return true;
  } catch (error) {
    // The subject and the recipient's domain only: the text may hold a link with a token or a gift code.
    options.log.warn(
      { err: error, subject: options.mail.subject, toDomain: recipientDomain(options.to) },
      'mail failed',
    );
    return false;
  }
}
