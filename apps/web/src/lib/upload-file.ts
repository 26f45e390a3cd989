import type { Endpoint, ErrorBody, ParamsOf, ResponseOf } from '@quiz-points/shared';
import { coreMessages as messages } from '@quiz-points/shared';
import { ApiError, SIGNUP_REQUIRED_EVENT } from './api.ts';

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/**
 * Sends a file's bytes to a declared upload endpoint (its declaration's `upload`), typed by
 * the declaration as callApi is. XMLHttpRequest rather than fetch: it reports the upload's progress
 * (0 to 1). What the file is, the server finds out from its bytes, so it goes as octet-stream.
 */
export function uploadFile<E extends Endpoint & { upload: object }>(
  route: `${E['method']} ${E['path']}`,
  input: {
    params: { [K in keyof ParamsOf<E>]: string };
    file: Blob;
    onProgress?: (fraction: number) => void;
  },
): Promise<ResponseOf<E>> {
  const [method, template] = route.split(' ') as [string, string];
  const params = input.params as Record<string, string>;
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.responseType = 'json';
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const data: unknown = request.response;
      if (request.status >= 200 && request.status < 300) return resolve(data as ResponseOf<E>);
      if (!isErrorBody(data)) {
        return reject(new ApiError(messages.genericErrorSentence, request.status, 'UNKNOWN'));
      }
      if (data.error.code === 'SIGNUP_REQUIRED') window.dispatchEvent(new Event(SIGNUP_REQUIRED_EVENT));
      reject(new ApiError(data.error.message, request.status, data.error.code));
    };
    request.onerror = () => reject(new ApiError(messages.networkFailed, 0, 'NETWORK'));
    request.send(input.file);
  });
}
