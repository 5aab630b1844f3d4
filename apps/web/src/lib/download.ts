import { apiError, networkError } from './api';

/** Hands `blob` to the browser as a file called `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * POSTs `body` as JSON and saves the answer as a file, under the name the server gives in
 * Content-Disposition (else `fallbackName`). A refusal throws ApiError with the server's texts.
 */
export async function postAndDownload(path: string, body: unknown, fallbackName: string): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {
    throw networkError();
  });
  if (!res.ok) throw apiError(res.status, await res.json().catch(() => undefined));
  await saveResponse(res, fallbackName);
}

/** Saves a successful answer as a file, under the name the server gives in Content-Disposition (else `fallbackName`). */
export async function saveResponse(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="?([^"]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
}
