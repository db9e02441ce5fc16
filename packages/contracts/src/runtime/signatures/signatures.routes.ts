import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import {
  DepartmentCertificateSchema,
  MyCertificateSchema,
  SaveCertificateBodySchema,
  SignFileAttachmentBodySchema,
  SignFileAttachmentResultSchema,
  StampFileAttachmentBodySchema,
  StampFileAttachmentResultSchema,
  ValidarDocumentoQuerySchema,
  ValidarDocumentoResultSchema,
} from './signatures.schemas.ts';

const tags = ['signatures'];

/** spec §7.6 signature and stamp; the signer's and the department's A1; the public check of a document. */
export const signatureRoutes = {
  signFileAttachment: defineRoute({
    method: 'POST',
    path: '/genericItem/signFileAttachment',
    access: 'session',
    summary:
      "Signs an attachment's PDF (PAdES ICP-Brasil AD-RB) as a new version, then issues the signature protocol",
    tags,
    body: SignFileAttachmentBodySchema,
    response: SignFileAttachmentResultSchema,
  }),
  stampFileAttachment: defineRoute({
    method: 'POST',
    path: '/genericItem/stampFileAttachment',
    access: 'session',
    summary: "Stamps every page of an attachment's PDF (text and QR code) as a new version",
    tags,
    body: StampFileAttachmentBodySchema,
    response: StampFileAttachmentResultSchema,
  }),
  loadMyCertificate: defineRoute({
    method: 'GET',
    path: '/signatures/myCertificate',
    access: 'session',
    summary: "The caller's kept A1 certificate (subject and validity), or null",
    tags,
    response: MyCertificateSchema,
  }),
  saveMyCertificate: defineRoute({
    method: 'POST',
    path: '/signatures/myCertificate',
    access: 'session',
    summary:
      "Keeps the caller's A1 certificate sealed at rest (the password only opens it to check; not kept)",
    tags,
    body: SaveCertificateBodySchema,
    response: MyCertificateSchema,
  }),
  removeMyCertificate: defineRoute({
    method: 'POST',
    path: '/signatures/removeMyCertificate',
    access: 'session',
    summary: "Forgets the caller's kept A1 certificate",
    tags,
    body: z.object({}),
    response: MyCertificateSchema,
  }),
  loadDepartmentCertificate: defineRoute({
    method: 'GET',
    path: '/admin/departmentCertificate',
    access: 'admin',
    summary: "The department's A1 that signs what the workflow issues (subject and validity), or null",
    tags,
    response: DepartmentCertificateSchema,
  }),
  saveDepartmentCertificate: defineRoute({
    method: 'POST',
    path: '/admin/departmentCertificate',
    access: 'admin',
    summary: "Sets or replaces the department's A1 (kept sealed, with its password, for unattended signing)",
    tags,
    body: SaveCertificateBodySchema,
    response: DepartmentCertificateSchema,
  }),
  removeDepartmentCertificate: defineRoute({
    method: 'POST',
    path: '/admin/removeDepartmentCertificate',
    access: 'admin',
    summary: "Removes the department's A1 (documents are then issued unsigned)",
    tags,
    body: z.object({}),
    response: DepartmentCertificateSchema,
  }),
  validarDocumento: defineRoute({
    method: 'GET',
    path: '/public/validarDocumento',
    access: 'public',
    summary: 'Public check of a stamped or signed document by the uid of its QR code (personal data masked)',
    tags,
    querystring: ValidarDocumentoQuerySchema,
    response: ValidarDocumentoResultSchema,
  }),
};
