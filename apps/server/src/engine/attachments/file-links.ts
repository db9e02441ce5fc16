import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../infra/http/app-error.ts';

/** How long a link of getAttachmentLink / getFileLink works. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000;

/** What a link names: an attachment's version, or a stored file (with the item holding it). */
export type LinkTarget =
  | { attachmentId: number; version: number }
  | { fileId: number; itemId: number | undefined };

function payloadOf(userId: number, target: LinkTarget, expires: number): string {
  const what =
    'attachmentId' in target
      ? `a:${target.attachmentId}:v:${target.version}`
      : `f:${target.fileId}:i:${target.itemId ?? ''}`;
  return `der-file-link|${userId}|${what}|${expires}`;
}

/**
 * Short-lived download links (spec §7.6 getAttachmentLink, getFileLink): downloadFile's URL with an expiry and
 * an HMAC of who may use it and what it names. The download still needs that user's session and checks the
 * item again; the token bounds how long a URL that leaked (history, logs, a forwarded message) keeps working.
 */
export function createFileLinks(key: Uint8Array, now: () => Date) {
  // A key of its own, derived from the instance secret: a link token can never pass for a session token.
  const linkKey = createHmac('sha256', key).update('der-file-links-v1').digest();
  const sign = (payload: string) => createHmac('sha256', linkKey).update(payload).digest('base64url');

  return {
    create(userId: number, target: LinkTarget): { url: string; expiresAt: string } {
      const expires = now().getTime() + FILE_LINK_TTL_MS;
      const params = new URLSearchParams();
      if ('attachmentId' in target) {
        params.set('attachmentId', String(target.attachmentId));
        params.set('version', String(target.version));
      } else {
        params.set('fileId', String(target.fileId));
        if (target.itemId !== undefined) params.set('itemId', String(target.itemId));
      }
      params.set('expires', String(expires));
      params.set('token', sign(payloadOf(userId, target, expires)));
      return {
        url: `/api/genericItem/downloadFile?${params}`,
        expiresAt: new Date(expires).toISOString(),
      };
    },

    /**
     * Checks a link's token when the download carries one (a call without a token is checked by the session
     * and the item alone): 404 for a token that is not this user's link to this target, 410 FILE_LINK_EXPIRED
     * for one past its time.
     */
    verify(userId: number, target: LinkTarget, expires: number, token: string): void {
      const expected = Buffer.from(sign(payloadOf(userId, target, expires)));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError('NOT_FOUND');
      if (expires < now().getTime()) throw new AppError('FILE_LINK_EXPIRED');
    },
  };
}
export type FileLinks = ReturnType<typeof createFileLinks>;
