// Uploading lot photos from the back office: one file at a time through the REST path (multipart), with the
// browser's upload progress (XMLHttpRequest: fetch reports none), a quick check of size and type before
// sending (the server checks again, by content), and the server's own message when it refuses a file.
import { useState } from 'react';
import { LOT_PHOTO_MAX_BYTES, LOT_PHOTO_MESSAGES, LOT_PHOTO_TYPES, MAX_PHOTOS_PER_LOT } from '@/shared/schemas/lot-photos';

export interface UploadState {
  /** The file being sent (1-based) and how many were chosen. */
  current: number;
  total: number;
  name: string;
  /** 0..1 of the current file's bytes sent; 1 while the server resizes it. */
  progress: number;
}

function sendPhoto(lotId: number, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/lots/${lotId}/photos`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      const message = (xhr.response as { error?: string } | null)?.error;
      reject(new Error(message ?? 'The photo could not be uploaded. Please try again.'));
    };
    xhr.onerror = () => reject(new Error('The upload did not reach the server. Check your connection and try again.'));
    const form = new FormData();
    form.set('image', file);
    xhr.send(form);
  });
}

/** What the browser can tell before sending: too large, or a type we do not take (by the browser's guess). */
function precheck(file: File): string | null {
  if (file.size > LOT_PHOTO_MAX_BYTES) return LOT_PHOTO_MESSAGES.size;
  if (file.type && !(LOT_PHOTO_TYPES as readonly string[]).includes(file.type)) return LOT_PHOTO_MESSAGES.type;
  return null;
}

/**
 * Sends the chosen files one after another. Answers the state while sending, the errors of the last batch
 * (one per refused file, with its name) and how many went in.
 */
export function usePhotoUpload(lotId: number, onUploaded: () => Promise<unknown>) {
  const [state, setState] = useState<UploadState | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  async function upload(files: File[], existing: number): Promise<number> {
    setErrors([]);
    const failed: string[] = [];
    let added = 0;
    for (const [i, file] of files.entries()) {
      if (existing + added >= MAX_PHOTOS_PER_LOT) {
        failed.push(`${file.name}: ${LOT_PHOTO_MESSAGES.tooMany}`);
        continue;
      }
      const refused = precheck(file);
      if (refused) {
        failed.push(`${file.name}: ${refused}`);
        continue;
      }
      setState({ current: i + 1, total: files.length, name: file.name, progress: 0 });
      try {
        await sendPhoto(lotId, file, (progress) => setState((s) => s && { ...s, progress }));
        added++;
      } catch (err) {
        failed.push(`${file.name}: ${(err as Error).message}`);
      }
    }
    setState(null);
    setErrors(failed);
    if (added) await onUploaded();
    return added;
  }

  return { upload, state, errors, clearErrors: () => setErrors([]) };
}
