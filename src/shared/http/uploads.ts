import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';

/** A call's upload progress as 0–100 for a progress bar (nothing to add when no one listens). */
export function uploadProgress(onProgress?: (percent: number) => void): Pick<AxiosRequestConfig, 'onUploadProgress'> {
  if (!onProgress) return {};
  return {
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  };
}

/**
 * A message's body: its fields as JSON when it has no files; else one multipart body, the fields
 * first and then one part named `filesField` per file (the server reads them in that order).
 */
export function withFiles(
  fields: Record<string, string | number | undefined>,
  files: readonly File[],
  filesField: string,
): FormData | Record<string, string | number | undefined> {
  if (!files.length) return fields;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  for (const file of files) body.append(filesField, file, file.name);
  return body;
}
