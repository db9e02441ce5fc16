import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/ApiError.ts';
import { fakeXhr } from '../../../test/fakeXhr.ts';
import { writeStoredSession } from '../../session/sessionStorage.ts';
import { uploadStoredFile } from './uploadStoredFile.ts';

const session = {
  token: 'token-123',
  platformMFAEnabled: false,
  userMFAEnabled: false,
  mfaAuthenticated: false,
  hasPanelAdminPermission: false,
  hasChangePasswordPermission: true,
  isAdministratorLogged: false,
  loggedUser: { id: 1, name: 'Ana', avatar: '', email: 'ana@der.sp.gov.br' },
  loginPage: '/',
};

beforeEach(() => writeStoredSession(session));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploadStoredFile', () => {
  it('posts the file as the multipart part `file` with the session token and answers the stored file', async () => {
    const stored = { fileId: 5, name: 'crlv.pdf', size: 5, mediaType: 'application/pdf' };
    const xhr = fakeXhr({ status: 200, body: stored });
    const upload = uploadStoredFile(new File(['%PDF-'], 'crlv.pdf', { type: 'application/pdf' }));
    xhr.finish();
    await expect(upload).resolves.toEqual(stored);
    expect(xhr.sent[0]).toMatchObject({ method: 'POST', url: '/api/genericItem/uploadFiles' });
    expect(xhr.sent[0]!.headers.Authorization).toBe('Bearer token-123');
    expect(xhr.sent[0]!.body.get('file')).toBeInstanceOf(File);
  });

  it("rejects with the server's translated message naming the file", async () => {
    const message = 'O arquivo "setup.pdf" não é de um tipo aceito.';
    const xhr = fakeXhr({
      status: 415,
      body: { Message: message, code: 'FILE_TYPE_NOT_ALLOWED', requestId: 'r' },
    });
    const upload = uploadStoredFile(new File(['MZ'], 'setup.pdf')).catch((caught: unknown) => caught);
    xhr.finish();
    const error = await upload;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).status).toBe(415);
  });
});
