/**
 * Read once from the JSON the server embeds in index.html. The build's pre-rendering (no document)
 * starts from the defaults and sets the values it renders with (entry-server.tsx).
 */
export interface ClientConfig {
  adWaitSeconds: number;
  /** SPEC §3: the card-payment provider's publishable key (null with the local stand-in). */
  paymentsPublishableKey: string | null;
  /** The qualified-invoice issuer's name and registration number (the advertiser legal pages). */
  invoiceIssuerName?: string;
  invoiceRegistrationNumber?: string;
  /** The page came with a session cookie; without one nobody is signed in, no need to ask. */
  hasSession: boolean;
}

function readClientConfig(): ClientConfig {
  const fallback: ClientConfig = { adWaitSeconds: 30, paymentsPublishableKey: null, hasSession: true };
  if (typeof document === 'undefined') return fallback;
  const element = document.getElementById('client-config');
  if (!element?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(element.textContent) as Partial<ClientConfig>) };
  } catch {
    return fallback;
  }
}

export const clientConfig = readClientConfig();
