/** Read once from the JSON the server embeds in index.html. */
export interface ClientConfig {
  adWaitSeconds: number;
}

function readClientConfig(): ClientConfig {
  const element = document.getElementById('client-config');
  const fallback: ClientConfig = { adWaitSeconds: 30 };
  if (!element?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(element.textContent) as Partial<ClientConfig>) };
  } catch {
    return fallback;
  }
}

export const clientConfig = readClientConfig();
