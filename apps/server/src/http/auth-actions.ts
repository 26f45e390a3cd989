import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { recordSignIn } from '../domain/accounts/record-sign-in.ts';
import { releaseUnconfirmedSignUp } from '../domain/advertisers/release-unconfirmed-sign-up.ts';
import { emailVerificationMail, passwordResetMail } from '../domain/mail/mail-templates.ts';
import { sendMail } from '../domain/mail/send-mail.ts';
import { newReferralCode } from '../domain/referrals/new-referral-code.ts';
import type { AuthActions } from '../services/identity/auth.ts';
import type { Mailer } from '../services/mail/mailer.ts';

const linkMails = { passwordReset: passwordResetMail, emailVerification: emailVerificationMail };

/** What authentication does through the domain (services/identity/auth.ts AuthActions). */
export function authActions({
  db,
  log,
  mailer,
}: {
  db: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
}): AuthActions {
  return {
    async sendLinkMail(kind, to, url) {
      const mail = linkMails[kind]({ name: to.name, url });
      if (!(await sendMail({ mailer, log, to: to.email, mail }))) {
        throw new Error('the mail with the link was not sent');
      }
    },
    newReferralCode,
    recordSignIn: (userId, at) => recordSignIn({ db, userId, at }),
    releaseUnconfirmedSignUp: (email) => releaseUnconfirmedSignUp({ db, email }),
  };
}
