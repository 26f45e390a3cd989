/** Sends a text message to an E.164 number (+81…). */
export interface SmsSender {
  send(message: { to: string; text: string }): Promise<void>;
}
