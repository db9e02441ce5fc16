import type { Attachment } from '@der/contracts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AttachmentActionContext } from '../../../shared/ui/FormRenderer/attachments/attachmentTypes.ts';
import { useSignatureAttachmentActions } from './signatureActions.tsx';

const pdf: Attachment = {
  attachmentId: 1,
  itemId: 2,
  widgetKey: 'anexos',
  fileId: 3,
  name: 'parecer.pdf',
  size: 100,
  mediaType: 'application/pdf',
  version: 1,
  kind: 'upload',
  addedAt: '2026-11-25T10:00:00.000Z',
  addedBy: 'Ana',
  fileIndexes: {},
  stamped: false,
  signatureCount: 0,
};
const context = (
  attachment: Partial<Attachment>,
  canEdit = true,
  awaitingMySignature = false,
): AttachmentActionContext => ({
  attachment: { ...pdf, ...attachment },
  itemId: 2,
  widgetKey: 'anexos',
  canEdit,
  awaitingMySignature,
  refresh: () => {},
});

describe('useSignatureAttachmentActions', () => {
  it("offers 'Carimbar' on an unstamped, unsigned PDF and 'Assinar' on any PDF the user may change", () => {
    const { result } = renderHook(() => useSignatureAttachmentActions());
    const [stamp, sign] = result.current;
    expect([stamp?.label, sign?.label]).toEqual(['Carimbar', 'Assinar']);
    expect(stamp?.isAvailable?.(context({}))).toBe(true);
    expect(stamp?.isAvailable?.(context({ stamped: true }))).toBe(false);
    // Stamp first, then sign: a signed document is not stamped any more.
    expect(stamp?.isAvailable?.(context({ signatureCount: 1 }))).toBe(false);
    expect(sign?.isAvailable?.(context({ stamped: true, signatureCount: 1 }))).toBe(true);
    expect(sign?.isAvailable?.(context({ mediaType: 'image/png' }))).toBe(false);
    expect(sign?.isAvailable?.(context({}, false))).toBe(false);
  });

  it("offers only 'Assinar' where a workflow step waits for the user's signature on a document they may not change", () => {
    const { result } = renderHook(() => useSignatureAttachmentActions());
    const [stamp, sign] = result.current;
    expect(sign?.isAvailable?.(context({ signatureCount: 1 }, false, true))).toBe(true);
    expect(stamp?.isAvailable?.(context({}, false, true))).toBe(false);
  });
});
