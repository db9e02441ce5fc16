import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  TermsPublishBodySchema,
  TermsPublishResultSchema,
  TermsVersionQuerySchema,
  TermsVersionSchema,
} from './terms.schemas.ts';

/** Terms of use in the administration area: every user must accept a newly published version. */
export const adminTermsRoutes = {
  publish: defineRoute({
    method: 'POST',
    path: '/admin/terms/publish',
    access: 'admin',
    summary: 'Publishes a new terms-of-use PDF (≤ 10 MiB, base64) as the next version',
    tags: ['administration'],
    body: TermsPublishBodySchema,
    response: TermsPublishResultSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/admin/terms/list',
    access: 'admin',
    summary: 'Published terms-of-use versions, newest first, with acceptance counts',
    tags: ['administration'],
    response: z.array(TermsVersionSchema),
  }),
  download: defineRoute({
    method: 'GET',
    path: '/admin/terms/download',
    access: 'admin',
    summary: 'The PDF of one published version',
    tags: ['administration'],
    querystring: TermsVersionQuerySchema,
    response: z.unknown(),
    produces: 'application/pdf',
  }),
};
