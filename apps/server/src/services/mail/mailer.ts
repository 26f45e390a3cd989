export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. The real adapter speaks SMTP; the local stand-in keeps mail in the database. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
