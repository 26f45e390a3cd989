import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Auth } from '../services/identity/auth.ts';
import type { ImageStorage } from '../services/image-storage/image-storage.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import type { PaymentProvider } from '../services/payments/payment-provider.ts';
import type { SmsSender } from '../services/sms/sms-sender.ts';
import type { Tracing } from '../services/tracing/tracing.ts';
import type { Guards } from './guards.ts';
import type { LogDestination } from './log-redaction.ts';

/** What the app is built from (http/app.ts buildApp): the configuration, the database and the outside services. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  sms: SmsSender;
  payments: PaymentProvider;
  /** Where ads' images are kept: the S3 API, or the folder stand-in. */
  images: ImageStorage;
  /** Check every success against its declared response (the test app's contract check; off in production). */
  checkResponses?: boolean;
  /** Where log lines go instead of stdout (a test's in-memory stream; production never sets it). */
  logDestination?: LogDestination;
  /** OpenTelemetry tracing, when an OTLP endpoint is set (services/tracing); absent, no request is traced. */
  tracing?: Tracing | null;
}

/** What every route module receives: the outside services plus authentication and its guards. */
export interface RouteDeps extends AppDeps {
  auth: Auth;
  guards: Guards;
}
